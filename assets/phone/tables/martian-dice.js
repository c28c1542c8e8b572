"use strict";
// Martian Dice on a browser seat: the dice on the table and those set aside, from the seat's view.
(() => {
  const FACES = ["tank", "ray", "human", "cow", "chicken"];  // the rules' order
  const NAMES = ["Tanks", "Death Rays", "Humans", "Cows", "Chickens"];
  const { el, img, clear } = MGN;

  function die(face, className) {
    const d = el("span", `die ${className || ""}`);
    d.title = NAMES[face];
    d.appendChild(img(`dice/${FACES[face]}.svg`));
    return d;
  }

  function row(label, counts, fresh, className) {
    const r = el("div", "row");
    r.appendChild(el("span", "label", label));
    counts.forEach((n, face) => { for (let i = 0; i < n; i++) r.appendChild(die(face, `${fresh ? "fresh" : ""} ${className || ""}`)); });
    if (!counts.some((n) => n)) r.appendChild(el("span", "quiet", "none"));
    return r;
  }

  MGN.tables["martian-dice"] = (board, t, previous) => {
    const v = t.view, f = t.facts || {};
    const rolled = !previous || !MGN.same(previous.view.table, v.table);
    clear(board);
    const head = el("div", "row");
    head.appendChild(el("span", "tag", `${MGN.name(t, v.current)}'s turn`));
    if (v.final_round) head.appendChild(el("span", "tag warn", "Final round"));
    if (f.turn_score !== undefined) head.appendChild(el("span", "tag", `This turn: ${f.turn_score}`));
    if (f.dice_left !== undefined) head.appendChild(el("span", "tag", `${f.dice_left} dice left`));
    board.appendChild(head);
    board.appendChild(row("Rolled", v.table, rolled));
    const tanks = [v.aside[0], 0, 0, 0, 0], rays = [0, v.aside[1], 0, 0, 0], earthlings = [0, 0, ...v.aside.slice(2)];
    board.appendChild(row("Tanks", tanks, false));
    board.appendChild(row("Death Rays", rays, false));
    board.appendChild(row("Abducted", earthlings, false));
  };
})();

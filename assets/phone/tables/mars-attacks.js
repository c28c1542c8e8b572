"use strict";
// Mars Attacks: The Dice Game on a browser seat: the four stacks, everyone's tokens and cards, the turn's dice.
(() => {
  const FACES = ["martian", "raygun", "nuke"];  // the rules' order: Martian, Ray Gun, Nuke
  const FACE_WORDS = ["Martians", "Ray Guns", "Nukes"];
  const NEED = { ray: "raygun", martian: "martian", nuke: "nuke" };
  const { el, img, clear } = MGN;

  const CSS = `
      .ma-stacks { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 8px; }
      .ma-card { background: #faf6f0; color: #281e3a; border-radius: 12px; padding: 8px; position: relative;
        border: 3px solid #c9bfae; min-height: 118px; }
      .ma-card.target { border-color: #ffd36b; box-shadow: 0 0 0 3px #ffd36b88; }
      .ma-card.monument { background: #efe6ff; }
      .ma-card h4 { margin: 0 0 4px; font-size: 16px; display: flex; align-items: center; gap: 4px; }
      .ma-card h4 img { width: 22px; height: 22px; background: #281e3a; border-radius: 50%; padding: 2px; }
      .ma-card .vp { margin-left: auto; background: #281e3a; color: #ffd36b; border-radius: 8px; padding: 0 6px; }
      .ma-need { display: flex; align-items: center; gap: 4px; font-weight: 700; font-size: 15px; }
      .ma-need img { width: 22px; height: 22px; }
      .ma-rule { font-size: 12px; border-left: 5px solid #999; padding-left: 5px; margin-top: 4px; }
      .ma-rule.red { border-color: #d8382b; } .ma-rule.green { border-color: #2e9f5c; }
      .ma-marks { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 4px; }
      .ma-mark { border-radius: 8px; padding: 0 6px; font-size: 13px; font-weight: 800; color: #161022; }
      .ma-under { position: absolute; right: 8px; bottom: 6px; font-size: 12px; color: #6b5f80; }
      .ma-last { background: #d8382b; color: #fff; border-radius: 6px; padding: 0 5px; font-weight: 800; }
      .ma-empty { color: #b0a6c4; border: 2px dashed #3a2d52; border-radius: 12px; display: flex; align-items: center;
        justify-content: center; min-height: 118px; }
      .ma-claimed { font-size: 14px; color: #b0a6c4; }
      .ma-claimed b { color: #f1ecf8; }`;

  function card(t, id, hidden) {
    const v = t.view, c = v.cards[id], rules = (t.facts || {}).rules || {};
    const box = el("div", `ma-card ${c.kind}${v.target === id ? " target" : ""}`);
    const title = el("h4");
    title.append(img(`mars-attacks/icons/${c.kind}.svg`), el("span", "", c.name), el("span", "vp", `${c.vp} VP`));
    box.appendChild(title);
    const need = el("div", "ma-need");
    if (c.need === "nuked") need.append(el("span", "", "Claimed when nuked"));
    else need.append(el("span", "", `${c.spaces} ×`), img(`mars-attacks/icons/${NEED[c.need]}.svg`));
    for (let i = 0; i < c.nukes; i++) need.appendChild(img("mars-attacks/icons/nuke-symbol.svg"));
    box.appendChild(need);
    if (c.text) box.appendChild(el("div", `ma-rule ${rules[id] || ""}`, c.text));
    const marks = el("div", "ma-marks");
    for (const [player, count] of Object.entries(v.progress[id] || {})) {
      const m = el("span", "ma-mark", `${MGN.name(t, +player)} ${count}`);
      m.style.background = t.players[player].colour;
      marks.appendChild(m);
    }
    box.appendChild(marks);
    const under = el("span", "ma-under");
    if (hidden) under.textContent = `${hidden} under`;
    else under.appendChild(el("span", "ma-last", "Last card"));
    box.appendChild(under);
    return box;
  }

  function turn(t, previous) {
    const v = t.view, f = t.facts || {};
    const r = el("div", "row");
    r.appendChild(el("span", "tag", `${MGN.name(t, v.current)}'s turn`));
    if (v.final_round) r.appendChild(el("span", "tag warn", "Final round"));
    if (v.target) r.appendChild(el("span", "tag", `Target: ${v.cards[v.target].name}`));
    if (v.rolls) r.appendChild(el("span", "tag", `Roll ${v.rolls}`));
    if (f.nukes !== undefined) r.appendChild(el("span", `tag${v.kept[2] + 1 >= f.nukes ? " warn" : ""}`,
                                                  `Nukes ${v.kept[2]} of ${f.nukes}`));
    const dice = el("div", "row");
    const fresh = !previous || !MGN.same(previous.view.kept, v.kept);
    v.kept.forEach((n, face) => {
      if (!n) return;
      dice.appendChild(el("span", "label", FACE_WORDS[face]));
      for (let i = 0; i < n; i++) {
        const d = el("span", `die${fresh ? " fresh" : ""}`);
        d.appendChild(img(`mars-attacks/dice/${FACES[face]}.svg`));
        dice.appendChild(d);
      }
    });
    return [r, dice];
  }

  MGN.tables["mars-attacks"] = (board, t, previous) => {
    MGN.style("ma-style", CSS);
    const v = t.view;
    clear(board);
    board.append(...turn(t, previous));
    const stacks = el("div", "ma-stacks");
    v.face_up.forEach((id, i) => stacks.appendChild(id ? card(t, id, v.hidden[i]) : el("div", "ma-empty", "Stack empty")));
    board.appendChild(stacks);
    v.claimed.forEach((cards, p) => {
      const line = el("div", "ma-claimed");
      line.appendChild(el("b", "", `${MGN.name(t, p)}: `));
      const tokens = (t.facts || {}).tokens;
      const names = cards.map((id) => `${v.cards[id].name} (${v.cards[id].vp})`).join(", ") || "no card yet";
      line.appendChild(el("span", "", names + (tokens ? ` · ${tokens[p]} tokens free` : "")));
      board.appendChild(line);
    });
  };
})();

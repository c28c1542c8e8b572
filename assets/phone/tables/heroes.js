"use strict";
// Mars Needs Heroes on a browser seat: the pot, the pile, everyone's hand, Invaders and Freeze Ray, the bids.
(() => {
  const { el, img, clear } = MGN;

  const CSS = `
      .h-invader { display: inline-flex; flex-direction: column; align-items: center; font-size: 13px; font-weight: 800; }
      .h-invader img, .h-invader .h-blob { width: 34px; height: 34px; }
      .h-blob { border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; color: #161022; }
      .h-seat { background: #281e3a; border-radius: 12px; padding: 6px 8px; margin-top: 6px; border: 2px solid transparent; }
      .h-seat.won { border-color: #ffd36b; }
      .h-seat h4 { margin: 0; font-size: 15px; display: flex; gap: 8px; align-items: center; }
      .h-seat h4 .ray { width: 26px; height: 26px; margin-left: auto; }
      .h-cards { display: flex; gap: 4px; flex-wrap: wrap; margin-top: 4px; }
      .h-card { width: 26px; height: 36px; border-radius: 5px; background: #faf6f0; color: #281e3a; font-weight: 800;
        display: inline-flex; align-items: center; justify-content: center; font-size: 16px; }
      .h-card.bid { width: 34px; height: 46px; font-size: 22px; border: 3px solid var(--c, #ffd36b); }
      .h-card.cancelled { opacity: 0.4; text-decoration: line-through; }
      .h-card.back { background: #5c4a7e; padding: 2px; } .h-card.back img { width: 100%; height: 100%; }
      .h-card.gone { opacity: 0.2; }`;

  function invaders(v, icons, counts, label) {
    const r = el("div", "row");
    r.appendChild(el("span", "label", label));
    v.colours.forEach((c, i) => {
      if (!counts[i]) return;
      const box = el("span", "h-invader");
      if (icons[c.id]) box.appendChild(img(icons[c.id]));
      else { const b = el("span", "h-blob", c.letter); b.style.background = `rgb(${c.rgb.join(",")})`; box.appendChild(b); }
      box.appendChild(el("span", "", `${counts[i]}`));
      r.appendChild(box);
    });
    if (!counts.some((n) => n)) r.appendChild(el("span", "quiet", "none"));
    return r;
  }

  function bid(t, p) {
    const v = t.view, reveal = v.reveal;
    if (reveal) {
      const card = el("span", `h-card bid${reveal.cancelled.includes(reveal.bids[p]) ? " cancelled" : ""}`, reveal.bids[p]);
      card.style.setProperty("--c", t.players[p].colour);
      return card;
    }
    if (p === v.player && v.my_bid !== null) return el("span", "h-card bid", v.my_bid);
    if (v.ready.includes(p)) { const back = el("span", "h-card bid back"); back.appendChild(img("heroes/hero-back.svg")); return back; }
    return el("span", "quiet", v.phase === "bid" ? "thinking…" : "");
  }

  function seat(t, p) {
    const v = t.view, icons = (t.facts || {}).icons || {};
    const box = el("div", `h-seat${v.reveal && v.reveal.winner === p ? " won" : ""}`);
    const head = el("h4");
    const dot = el("span", "swatch");
    dot.style.cssText = `width:12px;height:12px;border-radius:50%;background:${t.players[p].colour}`;
    head.append(dot, el("span", "", MGN.name(t, p)), bid(t, p), img(v.rays[p] ? "heroes/freeze-ray.svg" : "heroes/freeze-used.svg", "ray"));
    box.appendChild(head);
    const hand = el("div", "h-cards");
    for (let n = 1; n <= 5; n++) hand.appendChild(el("span", `h-card${v.hands[p].includes(n) ? "" : " gone"}`, n));
    box.appendChild(hand);
    box.appendChild(invaders(v, icons, v.captured[p], "Invaders"));
    return box;
  }

  MGN.tables.heroes = (board, t) => {
    MGN.style("heroes-style", CSS);
    const v = t.view, icons = (t.facts || {}).icons || {};
    clear(board);
    const head = el("div", "row");
    head.appendChild(el("span", "tag", v.phase === "freeze" ? "Freeze window!" : v.phase === "bid" ? "Bidding" : v.phase));
    head.appendChild(el("span", "tag", `${v.pile.reduce((a, b) => a + b, 0)} Invaders in the pile`));
    board.appendChild(head);
    board.appendChild(invaders(v, icons, v.pot, "The pot"));
    for (let p = 0; p < v.players; p++) board.appendChild(seat(t, p));
  };
})();

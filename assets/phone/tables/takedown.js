"use strict";
// Ten-Minute Takedown on a browser seat: the table drawn to scale, each flight animated along the path the
// game's physics found, and a swipe from the seat's saucer as its flick (the TV shows the aim meanwhile).
(() => {
  const PIECES = ["outer", "middle", "center"];
  const PIECE_COLOUR = { outer: "#e8e0f4", middle: "#b9a8d8", center: "#ffd36b" };
  const SEND_EVERY = 125;  // ms between two aims sent while the finger moves (the server allows 10 a second)
  const REST = 1000;  // ms a finished flight's die stays where it rested before the table is drawn as it is
  const icons = {};
  let canvas = null, t = null, scale = 1, drag = null, animation = null, lastFlight = null;

  function icon(path) {
    if (!icons[path]) { icons[path] = new Image(); icons[path].src = MGN.art(path); icons[path].onload = () => paint(); }
    return icons[path];
  }

  function setup(board) {
    canvas = MGN.el("canvas");
    canvas.style.cssText = "width:100%;display:block;touch-action:none;border-radius:12px";
    canvas.addEventListener("pointerdown", press);
    canvas.addEventListener("pointermove", move);
    canvas.addEventListener("pointerup", letGo);
    canvas.addEventListener("pointercancel", () => { drag = null; paint(); });
    board.appendChild(canvas);
    const hint = MGN.el("div", "quiet", "Your turn: press on your die and swipe towards where it should go. The longer the swipe, the harder the flick.");
    hint.id = "td-hint";
    board.appendChild(hint);
  }

  function size() {
    const level = t.view.level, ratio = window.devicePixelRatio || 1;
    const room = Math.max(200, window.innerHeight - 190) * level.table_w / level.table_h;  // the whole table in view
    const width = Math.min(canvas.parentElement.clientWidth - 20, room);
    scale = width / level.table_w;
    const w = Math.round(width * ratio), h = Math.round(level.table_h * scale * ratio);
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    canvas.style.height = `${level.table_h * scale}px`;
    return ratio;
  }

  function diePosition() {
    if (animation) return animation.at;
    return t.view.saucers[t.view.current];
  }

  function paintTable(g) {
    const v = t.view, level = v.level;
    const felt = g.createRadialGradient(level.table_w / 2, level.table_h / 2, 10, level.table_w / 2, level.table_h / 2, level.table_w * 0.7);
    felt.addColorStop(0, "#3b2d5c"); felt.addColorStop(1, "#1d1530");
    g.fillStyle = felt; g.fillRect(0, 0, level.table_w, level.table_h);
    g.strokeStyle = "#7d6aa6"; g.lineWidth = 4; g.strokeRect(2, 2, level.table_w - 4, level.table_h - 4);
    g.setLineDash([6, 6]); g.strokeStyle = "#8fdcff88"; g.lineWidth = 2;
    for (const [x, y] of level.bases) { g.beginPath(); g.arc(x, y, level.saucer_diameter / 2 + 6, 0, 2 * Math.PI); g.stroke(); }
    g.setLineDash([]);
    g.lineCap = "round"; g.strokeStyle = "#c9bfae";
    for (const w of level.walls) { g.lineWidth = w.thickness; g.beginPath(); g.moveTo(...w.a); g.lineTo(...w.b); g.stroke(); }
    for (const b of level.bumpers) {
      g.fillStyle = "#ff8c42"; g.beginPath(); g.arc(b.x, b.y, b.radius, 0, 2 * Math.PI); g.fill();
      g.fillStyle = "#ffd36b"; g.beginPath(); g.arc(b.x, b.y, b.radius * 0.55, 0, 2 * Math.PI); g.fill();
    }
    level.targets.forEach((target, i) => {
      const standing = v.pieces[i];
      for (const piece of PIECES) {
        if (!standing.includes(piece)) continue;
        g.fillStyle = PIECE_COLOUR[piece]; g.strokeStyle = "#281e3a"; g.lineWidth = 1.5;
        g.beginPath(); g.arc(target.x, target.y, level.diameters[PIECES.indexOf(piece)] / 2, 0, 2 * Math.PI); g.fill(); g.stroke();
      }
      const s = level.diameters[2] * (standing.length ? 0.8 : 0.6);
      const art = icon(`takedown/icons/${target.icon}.svg`);
      g.globalAlpha = standing.length ? 1 : 0.3;
      if (art.complete && art.naturalWidth) g.drawImage(art, target.x - s / 2, target.y - s / 2, s, s);
      g.globalAlpha = 1;
    });
    v.saucers.forEach(([x, y], p) => {
      g.fillStyle = t.players[p].colour; g.globalAlpha = 0.85;
      g.beginPath(); g.arc(x, y, level.saucer_diameter / 2, 0, 2 * Math.PI); g.fill();
      g.globalAlpha = 1; g.fillStyle = "#161022";
      g.beginPath(); g.arc(x, y, level.saucer_hole / 2, 0, 2 * Math.PI); g.fill();
    });
  }

  function paintDie(g) {
    const level = t.view.level, [x, y] = diePosition(), a = animation ? animation.angle : 0, s = level.die_size * 1.3;
    g.save(); g.translate(x, y); g.rotate(a);
    g.fillStyle = "#faf6f0"; g.strokeStyle = "#281e3a"; g.lineWidth = 1.5;
    g.beginPath(); g.roundRect(-s / 2, -s / 2, s, s, s * 0.2); g.fill(); g.stroke();
    g.restore();
    if (animation && animation.trail.length > 1) {
      g.strokeStyle = "#ffffff55"; g.lineWidth = 2; g.beginPath(); g.moveTo(...animation.trail[0]);
      for (const p of animation.trail) g.lineTo(...p);
      g.stroke();
    }
  }

  function paintAim(g) {
    if (!drag || !drag.moved) return;
    const [x, y] = diePosition(), f = t.facts, length = Math.hypot(drag.dx, drag.dy);
    const power = Math.min(1, length / f.full_drag), reach = 60 + 160 * power;
    const ux = drag.dx / (length || 1), uy = drag.dy / (length || 1);
    g.strokeStyle = `hsl(${120 - 120 * power}, 90%, 60%)`; g.lineWidth = 4; g.setLineDash([10, 6]);
    g.beginPath(); g.moveTo(x, y); g.lineTo(x + ux * reach, y + uy * reach); g.stroke(); g.setLineDash([]);
  }

  function paint() {
    if (!canvas || !t) return;
    const ratio = size(), g = canvas.getContext("2d");
    g.setTransform(ratio * scale, 0, 0, ratio * scale, 0, 0);
    paintTable(g);
    paintDie(g);
    paintAim(g);
    document.getElementById("td-hint").style.display = MGN.mine() ? "block" : "none";
  }

  function animate(flight) {
    if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;  // the die is simply where it rested
    // as on the TV: after the last result's time on screen, at the TV's animation speed
    const started = performance.now() + flight.delay * 1000, every = flight.every * 1000 / flight.speed, path = flight.path;
    animation = { at: path[0].slice(0, 2), angle: path[0][2], trail: [] };
    const frame = (now) => {
      if (now < started) { requestAnimationFrame(frame); return; }
      const k = Math.min(path.length - 1, (now - started) / every), i = Math.floor(k), j = Math.min(path.length - 1, i + 1), f = k - i;
      animation.at = [path[i][0] + (path[j][0] - path[i][0]) * f, path[i][1] + (path[j][1] - path[i][1]) * f];
      animation.angle = path[i][2];
      animation.trail = path.slice(0, i + 1).map((p) => [p[0], p[1]]);
      paint();
      if (now - started < every * path.length + REST) requestAnimationFrame(frame);
      else { animation = null; paint(); }
    };
    requestAnimationFrame(frame);
  }

  function table(e) {
    const r = canvas.getBoundingClientRect();
    return [(e.clientX - r.left) / scale, (e.clientY - r.top) / scale];
  }

  function press(e) {
    if (!MGN.mine() || animation) return;
    const [x, y] = table(e), [dx, dy] = diePosition();
    const grab = Math.max(t.facts.grab, 34 / scale);  // a finger is wider than a mouse pointer
    if (Math.hypot(x - dx, y - dy) > grab) return;
    canvas.setPointerCapture(e.pointerId);
    drag = { start: [x, y], dx: 0, dy: 0, sent: 0, moved: false };
  }

  function move(e) {
    if (!drag) return;
    const [x, y] = table(e);
    drag.dx = x - drag.start[0]; drag.dy = y - drag.start[1]; drag.moved = true;
    const now = performance.now();
    if (now - drag.sent > SEND_EVERY) { drag.sent = now; MGN.send({ type: "swipe", dx: drag.dx, dy: drag.dy, done: false, turn: MGN.turn() }); }
    paint();
  }

  function letGo(e) {
    if (!drag) return;
    move(e);
    MGN.send({ type: "swipe", dx: drag.dx, dy: drag.dy, done: true, turn: MGN.turn() });
    drag = null;
    paint();
  }

  MGN.tables.takedown = (board, next, previous) => {
    if (!canvas || !board.contains(canvas)) { MGN.clear(board); setup(board); }
    t = next;
    const flight = t.flight;
    if (flight && previous && flight.number !== lastFlight && flight.path.length) animate(flight);
    if (flight) lastFlight = flight.number;
    paint();
  };
  window.addEventListener("resize", () => paint());
})();

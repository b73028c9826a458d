// A guest's page takes anything a host sends without a panic. A host and a
// guest connect as in online.test.mjs; the host's page keeps its data
// channel and the tables it sends (its RTCDataChannel's own send, wrapped
// before the page's code runs: no hook in the product). Through that real
// channel the test then sends the guest 1,000 hostile tables: random bytes,
// real tables changed byte by byte, and real tables changed field by field
// (read and written with the table's binary form, docs/protocol.md), among
// them the three tables that crashed a guest's page. The guest's page must
// never show the error panel nor report a problem, and when a good table
// comes it plays on: the guest's click is the host's next move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextClick, readTable, ready } from './play-helpers.mjs';
import { act, device, hostGame, seatGuests, untilGuestsTurn, waitOrSay, withBrowser } from './online-helpers.mjs';
import { screenshot } from './harness.mjs';

/**
 * Before the host page's code runs: keeps every data channel it makes and
 * a copy of every table it sends (type 0x11), so that the test can speak
 * to the guest through the host's real channel.
 */
function tapHostChannels() {
  window.__channels = [];
  window.__tables = [];
  const create = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = create.apply(this, args);
    window.__channels.push(channel);
    return channel;
  };
  const send = RTCDataChannel.prototype.send;
  // The test's own messages go out unrecorded.
  window.__sendUnrecorded = (channel, bytes) => send.call(channel, new Uint8Array(bytes));
  RTCDataChannel.prototype.send = function (data) {
    // The page sends a view into its memory: copied at once.
    if (data instanceof Uint8Array && data[1] === 0x11) window.__tables.push([...data]);
    return send.call(this, data);
  };
}

// ---- the table's binary form (src/net/wire.rs), to change real tables field by field ----

function reader(bytes) {
  let at = 0;
  const byte = () => {
    if (at >= bytes.length) throw new Error('cut short');
    return bytes[at++];
  };
  const num = () => {
    let n = 0;
    for (let i = 0; i < 5; i++) {
      const b = byte();
      n += (b & 0x7f) * 2 ** (7 * i);
      if (!(b & 0x80)) return n;
    }
    throw new Error('a long number');
  };
  const list = (item) => Array.from({ length: num() }, item);
  const text = () => list(byte);
  const opt = (item) => (byte() ? item() : null);
  const trick = () => ({
    plays: list(() => [byte(), byte()]),
    suit: byte(), rank: byte(), quacks: byte(), stage: byte(),
  });
  const pile = () => [num(), num()];
  const rules = () => {
    const kind = byte();
    if (kind === 0) return { kind };
    if (kind === 1) return { kind, preset: text() };
    return { kind, options: list(() => { const key = text(); const k = byte(); return { key, k, value: k === 0 ? text() : k === 1 ? num() : null }; }) };
  };
  const deal = () => ({
    seat: byte(), game: byte(), rules: rules(), dealer: byte(), high: byte(),
    hand: list(byte), stockNext: byte(), stockEnd: byte(), leader: byte(), toMove: byte(),
    trick: trick(), course: byte(),
    piles: Array.from({ length: 8 }, pile),
    kept: Array.from({ length: 4 }, () => list(byte)),
    played: list(byte),
    last: opt(() => ({ trick: trick(), winner: byte(), keeper: byte(), stored: pile(), course: byte() })),
    voids: Array.from({ length: 4 }, byte),
  });
  const [version, type] = [byte(), byte()];
  const table = {
    version, type,
    turn: num(), names: list(text), connected: list(byte), scores: list(() => list(num)),
    totals: list(num), over: byte(), deal: opt(deal), firstDealer: byte(), deals: num(),
    points: list(() => list(() => list(num))), handLens: list(byte), who: list(text),
    last: opt(() => {
      const seat = byte();
      const kind = byte();
      const mv = kind === 0 ? [kind] : kind === 1 ? [kind, byte()] : [kind, byte(), byte()];
      return { seat, mv, call: byte() };
    }),
  };
  if (at !== bytes.length) throw new Error('bytes after the table');
  return table;
}

function writer(t) {
  const out = [];
  const byte = (b) => out.push(b & 0xff);
  const num = (n) => {
    n = Math.max(0, Math.min(n, 0xffffffff));
    while (n >= 0x80) { out.push((n % 0x80) | 0x80); n = Math.floor(n / 0x80); }
    out.push(n);
  };
  const list = (items, item) => { num(items.length); items.forEach(item); };
  const text = (s) => list(s, byte);
  const opt = (v, item) => { byte(v ? 1 : 0); if (v) item(v); };
  const trick = (x) => { list(x.plays, ([s, c]) => { byte(s); byte(c); }); byte(x.suit); byte(x.rank); byte(x.quacks); byte(x.stage); };
  const pile = ([down, up]) => { num(down); num(up); };
  const rules = (r) => {
    byte(r.kind);
    if (r.kind === 1) text(r.preset);
    if (r.kind === 2) list(r.options, (o) => { text(o.key); byte(o.k); if (o.k === 0) text(o.value); if (o.k === 1) num(o.value); });
  };
  byte(t.version); byte(t.type);
  num(t.turn); list(t.names, text); list(t.connected, byte); list(t.scores, (s) => list(s, num));
  list(t.totals, num); byte(t.over);
  opt(t.deal, (d) => {
    byte(d.seat); byte(d.game); rules(d.rules); byte(d.dealer); byte(d.high);
    list(d.hand, byte); byte(d.stockNext); byte(d.stockEnd); byte(d.leader); byte(d.toMove);
    trick(d.trick); byte(d.course); d.piles.forEach(pile); d.kept.forEach((k) => list(k, byte));
    list(d.played, byte);
    opt(d.last, (o) => { trick(o.trick); byte(o.winner); byte(o.keeper); pile(o.stored); byte(o.course); });
    d.voids.forEach(byte);
  });
  byte(t.firstDealer); num(t.deals); list(t.points, (p) => list(p, (c) => list(c, num)));
  list(t.handLens, byte); list(t.who, text);
  opt(t.last, (l) => { byte(l.seat); l.mv.forEach(byte); byte(l.call); });
  return out;
}

// ---- hostile tables ----

/**
 * A small seeded generator: the same changes every run, made to the real
 * tables of this run's deal (a game with friends is dealt from fresh
 * randomness, so those differ; a failure prints the table it sent).
 */
function generator(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const below = (n) => Math.floor(next() * n);
  const pick = (list) => list[below(list.length)];
  return { below, pick };
}

/** One field of a decoded table changed. */
function changeField(t, r) {
  const d = t.deal;
  const card = () => r.below(56);
  const small = () => r.pick([0, 1, 2, 3, 4, 5, 13, 14, 26, 27, 255]);
  const trickOf = (x) => {
    switch (r.below(8)) {
      case 0: x.plays.pop(); break;
      case 1: x.plays.push([r.below(5), card()]); break;
      case 2: if (x.plays.length) x.plays[r.below(x.plays.length)][1] = card(); break;
      case 3: if (x.plays.length) x.plays[r.below(x.plays.length)][0] = r.below(5); break;
      case 4: x.suit = r.below(5); break;
      case 5: x.rank = r.below(15); break;
      case 6: x.quacks = r.below(256); break;
      default: x.stage = r.below(6);
    }
  };
  switch (r.below(24)) {
    case 0: d.seat = r.below(5); break;
    case 1: d.dealer = r.below(5); break;
    case 2: d.leader = r.below(5); break;
    case 3: d.toMove = r.below(5); break;
    case 4: d.stockNext = small(); break;
    case 5: d.stockEnd = small(); break;
    case 6: d.course = r.below(3); break;
    case 7: case 8: case 9: trickOf(d.trick); break;
    case 10: d.hand.push(card()); break;
    case 11: d.hand.splice(r.below(d.hand.length + 1), 1); break;
    case 12: d.played.push(card()); break;
    case 13: d.played.splice(r.below(d.played.length + 1), 1); break;
    case 14: d.piles[r.below(8)] = [small(), small()]; break;
    case 15: d.kept[r.below(4)].push(card()); break;
    case 16: if (d.last) trickOf(d.last.trick); else d.last = { trick: structuredClone(d.trick), winner: 0, keeper: 0, stored: [0, 1], course: 0 }; break;
    case 17: if (d.last) { d.last.winner = r.below(5); d.last.keeper = r.below(5); d.last.stored = [small(), small()]; } break;
    case 18: d.voids[r.below(4)] = r.below(17); break;
    case 19: d.high = r.below(17); break;
    case 20: d.game = r.below(4); break;
    case 21: t.handLens[r.below(t.handLens.length + 1)] = small(); break;
    case 22: t.deals = r.pick([0, 1, 2, 1000]); t.firstDealer = r.below(5); break;
    default: t.turn = r.below(2 ** 31); t.over = r.below(3); break;
  }
}

/** The three tables that crashed a guest's page (the guest at `seat`). */
function crashers(t, seat) {
  const out = [];
  // A table where the guest is to answer a lead: rank 0, no plays.
  const a = structuredClone(t);
  Object.assign(a.deal.trick, { plays: [], rank: 0, quacks: 0, stage: 2 });
  a.deal.toMove = seat;
  out.push(a);
  // A hand of 17 to 26 cards.
  for (const size of [17, 21, 26]) {
    const b = structuredClone(t);
    for (let c = 0; c < 52 && b.deal.hand.length < size; c++) {
      if (!b.deal.hand.includes(c) && !b.deal.played.includes(c)) b.deal.hand.push(c);
    }
    b.handLens[seat] = b.deal.hand.length;
    out.push(b);
  }
  // A partnership table with `last` set, no trick on the table and a last trick with no plays.
  const c = structuredClone(t);
  Object.assign(c.deal, { game: 2, high: 0b0110, stockNext: 0, stockEnd: 0 });
  c.deal.trick.plays = [];
  c.deal.trick.stage = 0;
  c.deal.last = { trick: { plays: [], suit: 0, rank: 1, quacks: 0, stage: 1 }, winner: 0, keeper: 0, stored: [4, 0], course: 0 };
  c.last = { seat: 0, mv: [1, 0], call: 0 };
  c.handLens = [13, 13, 13, 13];
  out.push(c);
  return out;
}

/** `count` hostile messages made from the real tables `real` (the guest at `seat`). */
function hostileTables(real, seat, count) {
  const r = generator(2026);
  const decoded = real.map(reader);
  const out = crashers(decoded.at(-1), seat).map(writer);
  while (out.length < count) {
    const base = r.pick(real);
    switch (r.below(4)) {
      case 0: {
        // Random bytes, mostly after a table's header.
        const bytes = Array.from({ length: r.below(300) }, () => r.below(256));
        // (In the version the host speaks, read from its real tables.)
        if (r.below(4)) bytes.unshift(real[0][0], 0x11);
        out.push(bytes);
        break;
      }
      case 1: {
        // A real table changed byte by byte.
        const bytes = [...base];
        for (let k = 1 + r.below(3); k > 0; k--) bytes[r.below(bytes.length)] = r.below(256);
        out.push(bytes);
        break;
      }
      default: {
        // A real table changed field by field.
        const t = structuredClone(r.pick(decoded));
        for (let k = 1 + r.below(3); k > 0; k--) changeField(t, r);
        out.push(writer(t));
      }
    }
  }
  return out;
}

test('online: a guest\'s page takes 1,000 hostile tables from the host without a panic, then plays on', { timeout: 240_000 }, async () => {
  await withBrowser(async (server, browser) => {
    const host = await device(browser, server, '?pace=0&lang=en', undefined, tapHostChannels);
    await ready(host.page);
    const links = await hostGame(host.page, 'two-player', ['human', 'friend']);
    const { 1: guest } = await seatGuests(browser, server, host, links);
    await host.page.click('#invite-dialog [data-action="close-dialog"]');
    const g = guest.page;
    await g.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');
    await untilGuestsTurn(host.page, g);
    // Tables of two positions at least to change: the host sends one a move
    // (none before the first deal, which waits for the guest), so a guest
    // who leads the deal plays its card first, and its turn comes again.
    if ((await host.page.evaluate(() => window.__tables.length)) < 2) {
      assert.ok(await act(g, [host.page]), 'the guest leads the deal');
      if ((await g.evaluate(nextClick))?.startsWith('#chooser')) assert.ok(await act(g, [host.page]));
      await untilGuestsTurn(host.page, g);
    }
    const before = { hostMoves: (await host.page.evaluate(readTable)).moves };

    // The real tables the host sent: they read and write back as they were.
    const real = await host.page.evaluate(() => window.__tables);
    assert.equal(await host.page.evaluate(() => window.__channels.length), 1);
    assert.ok(real.length >= 2, `tables sent: ${real.length}`);
    for (const bytes of real) assert.deepEqual(writer(reader(bytes)), bytes);
    const latest = real.at(-1);

    // 1,000 hostile tables through the host's channel, at the pace the
    // guest reads a host's messages (a burst of 40, then 20 a second):
    // each is read and checked, none dropped as a flood.
    const hostile = hostileTables(real, 1, 1000);
    assert.equal(hostile.length, 1000);
    // The guest's table says that a message was refused (and goes on).
    const refusalSaid = g.waitForFunction(() => /could not be read \(.+\)/.test(document.querySelector('#message').innerText), null, { timeout: 120_000 });
    const sent = await host.page.evaluate(async (messages) => {
      const channel = window.__channels[0];
      const pause = (ms) => new Promise((r) => setTimeout(r, ms));
      let n = 0;
      for (const m of messages) {
        if (channel.readyState !== 'open') break;
        window.__sendUnrecorded(channel, m);
        n++;
        await pause(55);
      }
      return n;
    }, hostile);
    assert.equal(sent, 1000, 'every hostile table sent on an open channel');
    await refusalSaid;
    // A good table marked by a name of its own comes last on the ordered
    // channel: once the guest shows it, every hostile table before it was
    // read and refused (or taken, had it been a position the game reaches).
    const marked = reader(latest);
    marked.names[0] = [...Buffer.from('After the storm')];
    await host.page.evaluate((m) => window.__sendUnrecorded(window.__channels[0], m), writer(marked));
    await g.waitForFunction(() => document.querySelector('.seat[data-seat="0"]').innerText.includes('After the storm'), null, { timeout: 30_000 });
    await g.waitForFunction(() => document.querySelector('#message').hidden, null, { timeout: 5_000 });

    // A flood: 200 hostile tables at once, then a good one in the same
    // burst. Over the flood limit the guest reads only the latest message
    // held, once the limit allows: the good table, which is never lost.
    const flood = hostileTables(real, 1, 200);
    const floodMark = reader(latest);
    floodMark.names[0] = [...Buffer.from('After the flood')];
    await host.page.evaluate((messages) => {
      for (const m of messages) window.__sendUnrecorded(window.__channels[0], m);
    }, [...flood, writer(floodMark)]);
    await g.waitForFunction(() => document.querySelector('.seat[data-seat="0"]').innerText.includes('After the flood'), null, { timeout: 30_000 });
    assert.equal(await g.locator('#error-panel').count(), 0, 'the guest\'s page never shows the error panel');
    assert.deepEqual(guest.problems.all(), []);
    await screenshot(g, 'online-hostile-guest');

    // A good table comes (the host's latest, again): the guest plays on by
    // a click, the host's table takes the move, and its next table reaches
    // the guest.
    await host.page.evaluate((m) => window.__sendUnrecorded(window.__channels[0], m), latest);
    await g.waitForFunction(() => !document.querySelector('.seat[data-seat="0"]').innerText.includes('After the flood'), null, { timeout: 30_000 });
    assert.equal((await g.evaluate(readTable)).waiting, 'human');
    const hostMoves = (await host.page.evaluate(readTable)).moves;
    assert.equal(hostMoves, before.hostMoves, 'the hostile tables moved nothing on the host');
    assert.ok(await act(g, [host.page]), 'the guest has a card to play');
    // (A card may open the chooser first: then its choice is the move. Not a
    // second card: once the first is on its way, a slow host has not taken
    // it yet, and the guest has nothing more to play.)
    if ((await g.evaluate(nextClick))?.startsWith('#chooser')) assert.ok(await act(g, [host.page]), 'the guest has a choice to make');
    await waitOrSay(host.page, [g, host.page], "the host's table taking the guest's move", (m) => Number(document.querySelector('#app').dataset.moves) > m, hostMoves);
    assert.equal(await g.locator('#error-panel').count(), 0);
    assert.deepEqual(guest.problems.all(), []);
    assert.deepEqual(host.problems.all(), []);
  });
});

// Online play through a relay (TURN): a real relay, Debian's coturn
// (`turnserver`), on 127.0.0.1 with a user of its own, started and stopped by
// this test. Both pages are forced to connect through relays only (the
// page's `?ice=relay`, as `iceTransportPolicy: "relay"`), and both point
// their STUN list at the same local server, so nothing leaves the machine.
// The host first has no relay: the connection cannot open, and the host is
// told a relay may be needed and where to enter one; the host enters it in
// the invite dialog's fields (refused typos first), sends a new invite, and
// a whole deal is played through the relay, which `getStats()` confirms on
// both pages (the selected candidate pair's local candidate is a relay).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { createSocket } from 'node:dgram';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { newPage, screenshot, startServer } from './harness.mjs';
import { assertNoHiddenCards, ready } from './play-helpers.mjs';
import { guestPath, launch, playDealEverywhere } from './online-helpers.mjs';
import { assertAxeClean } from './a11y-helpers.mjs';

const RELAY_USER = 'duck-club';
const RELAY_PASSWORD = 'soup-relay-3478';

/** A port free for both TCP and UDP on 127.0.0.1 (the relay listens on both). */
async function freePort() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await new Promise((resolve, reject) => {
      const s = createServer();
      s.once('error', reject);
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
    });
    const udpFree = await new Promise((resolve) => {
      const u = createSocket('udp4');
      u.once('error', () => resolve(false));
      u.bind(port, '127.0.0.1', () => u.close(() => resolve(true)));
    });
    if (udpFree) return port;
  }
  throw new Error('no free port for the relay');
}

/** Resolves once something accepts a TCP connection on 127.0.0.1:`port`. */
async function listening(port, child, log) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`turnserver exited (${child.exitCode}):\n${log()}`);
    const ok = await new Promise((resolve) => {
      const c = connect({ host: '127.0.0.1', port });
      c.once('connect', () => { c.destroy(); resolve(true); });
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`turnserver did not listen on ${port}:\n${log()}`);
}

/**
 * Starts coturn's turnserver on 127.0.0.1 (no configuration file, no daemon,
 * its files in a temporary folder) with one static user; returns its port
 * and `stop()`, which ends it and removes the folder.
 */
async function startRelay() {
  const dir = mkdtempSync(joinPath(tmpdir(), 'duck-soup-turn-'));
  const port = await freePort();
  const args = [
    '-n', // no configuration file
    '--listening-ip=127.0.0.1',
    '--relay-ip=127.0.0.1',
    `--listening-port=${port}`,
    '--min-port=49152',
    '--max-port=65535',
    '--lt-cred-mech',
    `--user=${RELAY_USER}:${RELAY_PASSWORD}`,
    '--realm=duck-soup.test',
    // Both peers are on this machine: the relay must pass data to loopback addresses.
    '--allow-loopback-peers',
    '--no-cli',
    '--no-tls',
    '--no-dtls',
    '--log-file=stdout',
    '--simple-log',
    `--pidfile=${joinPath(dir, 'turnserver.pid')}`,
    `--userdb=${joinPath(dir, 'turndb')}`,
  ];
  const child = spawn('turnserver', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  const spawned = new Promise((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (e) => reject(new Error(`turnserver could not start (run scripts/setup.sh: it installs coturn): ${e.message}`)));
  });
  // Should the test runner itself be ended, the relay goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await spawned;
    await listening(port, child, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  return { port, stop, log: () => output };
}

/**
 * Before the page's own code runs: keeps every RTCPeerConnection the page
 * makes, so that the test can ask it for its statistics.
 */
function keepPeers() {
  window.__peers = [];
  const Real = window.RTCPeerConnection;
  window.RTCPeerConnection = function (...args) {
    const pc = new Real(...args);
    window.__peers.push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Real.prototype;
}

/**
 * A page of its own (its own storage) whose STUN list is the local relay's
 * (so that nothing is asked of a server elsewhere), with `relay` (a saved
 * relay's text) remembered if given, and its peer connections kept
 * (`viewport`: its screen, else the harness's).
 */
async function device(browser, server, path, { stun, relay, viewport } = {}) {
  const d = await newPage(browser, { allowedOrigin: server.origin, viewport });
  await d.context.addInitScript(
    ([stun, relay]) => {
      localStorage.setItem('duck-soup.stun', stun);
      if (relay) localStorage.setItem('duck-soup.relay', relay);
    },
    [stun, relay],
  );
  await d.context.addInitScript(keepPeers);
  await d.page.goto(server.url + path, { waitUntil: 'load', timeout: 60_000 });
  return d;
}

/** The host starts a two-player game with a friend at seat 1; returns the invite link. */
async function hostGame(page) {
  await page.click('#new-game');
  await page.waitForSelector('#new-game-dialog[open]');
  await page.check('#new-game-dialog input[name=game][value="two-player"]');
  await page.selectOption('#new-game-dialog select[data-seat="0"]', 'human');
  await page.selectOption('#new-game-dialog select[data-seat="1"]', 'friend');
  await page.click('#start-game');
  // The table alone hands a game with friends over to online play's page (a reload).
  await page.waitForSelector('#invite-dialog[open]');
  await ready(page);
  return inviteLink(page);
}

/** The invite link the host's open dialog shows for seat 1, once made (and not `old`). */
async function inviteLink(page, old) {
  const field = page.locator('#invite-link-1');
  await field.waitFor({ timeout: 20_000 });
  const link = await field.inputValue();
  assert.match(link, /#j=[A-Za-z0-9_-]+$/);
  assert.notEqual(link, old);
  return link;
}

/** The guest opens the invite, joins, and hands back its reply link. */
async function join(guest) {
  await guest.waitForSelector('#join-dialog[open]');
  await guest.fill('#guest-name', 'Aiko');
  await guest.click('#join');
  const reply = guest.locator('#reply-link');
  await reply.waitFor({ timeout: 20_000 });
  return reply.inputValue();
}

/** Neither a link's address nor its packed bytes hold the relay's user name or password. */
function assertNoSecrets(link) {
  const payload = Buffer.from(new URL(link).hash.replace(/^#[jr]=/, ''), 'base64url');
  for (const secret of [RELAY_USER, RELAY_PASSWORD]) {
    assert.ok(!link.includes(secret) && !payload.includes(secret), `${secret} stays out of ${link}`);
  }
}

/**
 * The page's open connections, each with its selected candidate pair (the
 * transport's, nominated and succeeded) and that pair's local and remote
 * candidates, from `getStats()`.
 */
function selectedPairs() {
  return Promise.all(
    window.__peers
      .filter((pc) => pc.connectionState === 'connected')
      .map(async (pc) => {
        const stats = await pc.getStats();
        let pair = null;
        stats.forEach((r) => {
          if (r.type === 'transport' && r.selectedCandidatePairId) pair = stats.get(r.selectedCandidatePairId);
        });
        const local = pair && stats.get(pair.localCandidateId);
        const remote = pair && stats.get(pair.remoteCandidateId);
        return {
          nominated: pair?.nominated ?? false,
          state: pair?.state ?? null,
          bytesSent: pair?.bytesSent ?? 0,
          bytesReceived: pair?.bytesReceived ?? 0,
          local: local ? { type: local.candidateType, address: local.address, relayProtocol: local.relayProtocol } : null,
          remote: remote ? { type: remote.candidateType, address: remote.address } : null,
        };
      }),
  );
}

test('online relay: with relays only and none set, the host is told where to enter one; through a real TURN relay a whole deal is played', async () => {
  const relay = await startRelay();
  let server;
  let browser;
  try {
    server = await startServer({});
    browser = await launch();
    const stun = `stun:127.0.0.1:${relay.port}`;
    const relayUrl = `turn:127.0.0.1:${relay.port}?transport=udp`;
    const savedRelay = `relay 1\n${relayUrl}\n${RELAY_USER}\n${RELAY_PASSWORD}`;

    // The host has no relay yet; the friend has one.
    const host = await device(browser, server, '?pace=0&lang=en&ice=relay', { stun });
    await ready(host.page);
    const first = await hostGame(host.page);
    // (An invite carries none of the host's query: the test gives each page its own.)
    const early = await device(browser, server, guestPath(first, '?pace=0&lang=en&ice=relay'), { stun, relay: savedRelay });
    await ready(early.page);
    const earlyReply = await join(early.page);
    assertNoSecrets(earlyReply);

    // No relay on the host's side: the connection cannot open. The dialog
    // says a relay may be needed and where, and still offers the computer.
    const h = host.page;
    await h.fill('#reply-paste', earlyReply);
    await h.click('#invite-dialog [data-net="take-reply"]');
    await h.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="failed"]', { timeout: 45_000 });
    const failed = await h.locator('#invite-dialog fieldset[data-seat="1"] .warn').innerText();
    assert.match(failed, /^No connection opened: some networks need a relay \(TURN\) server/);
    assert.match(failed, /under “Relay \(TURN\) server”/);
    assert.equal(await h.locator('#invite-dialog fieldset[data-seat="1"] [data-net="computer"]').count(), 1);
    assert.equal(await h.locator('#relay-details').getAttribute('open'), '', 'the relay fields are open');
    assert.equal(await h.locator('#relay-details summary').innerText(), 'Relay (TURN) server');
    await screenshot(h, 'online-relay-needed');
    await assertAxeClean(h, 'the invite dialog with the relay fields open');
    await early.context.close();

    // The host enters the relay as a player would; typos are refused in one
    // line that never shows the password, and nothing is remembered until
    // the relay reads.
    const savedHere = () => h.evaluate(() => localStorage.getItem('duck-soup.relay'));
    const relayError = () => h.locator('#relay-error').innerText();
    const type = async (field, value) => {
      await h.fill(field, value);
      await h.press(field, 'Tab');
    };
    await type('#relay-urls', `turn:${RELAY_USER}:${RELAY_PASSWORD}@127.0.0.1:${relay.port}`);
    assert.equal(await relayError(), 'The relay was not changed: the user name and password go in their own fields, not in the address.');
    await type('#relay-urls', `turn:127.0.0.1:${relay.port}?transport=sctp`);
    assert.equal(await relayError(), `The relay was not changed: 'turn:127.0.0.1:${relay.port}?transport=sctp' is not a relay address (turn:host:port or turns:host:port).`);
    await type('#relay-urls', relayUrl);
    assert.equal(await relayError(), 'The relay was not changed: the “User name” field is empty.');
    await type('#relay-user', RELAY_USER);
    assert.equal(await relayError(), 'The relay was not changed: the “Password” field is empty.');
    assert.equal(await savedHere(), null);
    assert.equal(await h.getAttribute('#relay-password', 'type'), 'password');
    await type('#relay-password', RELAY_PASSWORD);
    assert.equal(await relayError(), '');
    assert.equal(await savedHere(), savedRelay);
    assert.equal(await h.locator('#stun-error').innerText(), '');
    // The password is in the field, never in the page's markup.
    assert.ok(!(await h.content()).includes(RELAY_PASSWORD), 'the password stays out of the markup');

    // A new invite, made with the relay; the friend (a page of its own, with
    // the same relay remembered) takes it.
    await h.click('#invite-dialog fieldset[data-seat="1"] [data-net="reinvite"]');
    const second = await inviteLink(h, first);
    assertNoSecrets(second);
    assert.equal(await h.locator('#relay-details summary').innerText(), `Relay (TURN) server: ${relayUrl}`);
    // The dialog, rebuilt for the new invite, keeps the relay's fields as they were: open, as typed.
    assert.equal(await h.locator('#relay-details').getAttribute('open'), '', 'the relay fields stay open');
    assert.equal(await h.inputValue('#relay-user'), RELAY_USER);
    const guest = await device(browser, server, guestPath(second, '?pace=0&lang=en&ice=relay'), { stun, relay: savedRelay });
    await ready(guest.page);
    const reply = await join(guest.page);
    assertNoSecrets(reply);
    await h.fill('#reply-paste', reply);
    await h.click('#invite-dialog [data-net="take-reply"]');
    await h.waitForSelector('#invite-dialog fieldset[data-seat="1"][data-state="connected"]', { timeout: 30_000 });
    await h.click('#invite-dialog [data-action="close-dialog"]');
    await guest.page.waitForSelector('#join-dialog', { state: 'hidden', timeout: 30_000 });
    await guest.page.waitForSelector('.seat.pos-bottom[data-seat="1"] .hand.up');
    await assertNoHiddenCards(guest.page);

    const end = await playDealEverywhere(h, [h, guest.page]);
    assert.notEqual(end.phase, 'playing');
    await guest.page.waitForFunction(() => document.querySelector('#app').dataset.phase !== 'playing');
    await assertNoHiddenCards(guest.page);

    // Both sides' selected pair goes through the relay on this machine.
    for (const [who, p] of [['host', h], ['guest', guest.page]]) {
      const pairs = await p.evaluate(selectedPairs);
      assert.equal(pairs.length, 1, `${who}: one open connection: ${JSON.stringify(pairs)}`);
      const [pair] = pairs;
      assert.ok(pair.nominated && pair.state === 'succeeded', `${who}: the selected pair: ${JSON.stringify(pair)}`);
      assert.equal(pair.local?.type, 'relay', `${who}: a relayed local candidate: ${JSON.stringify(pair)}`);
      assert.equal(pair.local?.address, '127.0.0.1');
      assert.ok(pair.bytesSent > 0 && pair.bytesReceived > 0, `${who}: the deal went through it: ${JSON.stringify(pair)}`);
    }
    await screenshot(guest.page, 'online-relay-deal-over');
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.problems.all(), []);
  } finally {
    // (The relay is stopped whatever happened before.)
    await browser?.close().catch(() => {});
    await server?.close().catch(() => {});
    await relay.stop();
  }
});

test('online relay: on a 360 px phone in Japanese, the guest enters a relay on the join page and it is remembered, never put in the reply', async () => {
  const server = await startServer({});
  let browser;
  try {
    browser = await launch();
    const phone = { width: 360, height: 740 };
    /** Nothing wider than the screen: no sideways scrolling. */
    const fits = (p) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth
      && [...document.querySelectorAll('dialog[open]')].every((d) => d.getBoundingClientRect().right <= window.innerWidth + 0.5));
    // (Same network only: the invite and the reply are made without any server.)
    const host = await device(browser, server, '?pace=0&lang=ja', { stun: 'none', viewport: phone });
    await ready(host.page);
    const link = await hostGame(host.page);
    const guest = await device(browser, server, guestPath(link, '?pace=0&lang=ja'), { stun: 'none', viewport: phone });
    const g = guest.page;
    await ready(g);
    await g.waitForSelector('#join-dialog[open]');
    // Folded away at first; opened, its fields are disabled while "same network only" is ticked.
    assert.equal(await g.locator('#relay-details').getAttribute('open'), null);
    await g.click('#relay-details summary');
    assert.equal(await g.isDisabled('#relay-urls'), true);
    await g.uncheck('#same-network');
    assert.equal(await g.isDisabled('#relay-urls'), false);
    // A refusal in Japanese, naming the field; the user name's ends are trimmed.
    await g.fill('#relay-urls', 'turns:relay.example.org:5349');
    await g.fill('#relay-password', RELAY_PASSWORD);
    await g.press('#relay-password', 'Tab');
    assert.equal(await g.locator('#relay-error').innerText(), '中継サーバーは変更されていません：「ユーザー名」が空です。');
    await g.fill('#relay-user', `  ${RELAY_USER} `);
    await g.press('#relay-user', 'Tab');
    assert.equal(await g.locator('#relay-error').innerText(), '');
    const saved = await g.evaluate(() => localStorage.getItem('duck-soup.relay'));
    assert.equal(saved, `relay 1\nturns:relay.example.org:5349\n${RELAY_USER}\n${RELAY_PASSWORD}`);
    await screenshot(g, 'online-relay-join-ja-360');
    await assertAxeClean(g, 'the join page with the relay fields open, in Japanese');
    assert.ok(await fits(g), 'the join page with the relay fields fits 360 px');
    // Same network only again (nothing is asked of a server elsewhere): the relay stays remembered.
    await g.check('#same-network');
    assert.equal(await g.isDisabled('#relay-password'), true);
    assert.equal(await g.evaluate(() => localStorage.getItem('duck-soup.relay')), saved);
    const reply = await join(g);
    assertNoSecrets(reply);
    // A reload: the relay remembered, its address in the folded summary.
    await g.reload({ waitUntil: 'load' });
    await ready(g);
    await g.waitForSelector('#join-dialog[open]');
    assert.equal(await g.locator('#relay-details summary').innerText(), '中継（TURN）サーバー：turns:relay.example.org:5349');
    assert.equal(await g.inputValue('#relay-user'), RELAY_USER);
    assert.deepEqual(host.problems.all(), []);
    assert.deepEqual(guest.problems.all(), []);
  } finally {
    await browser?.close().catch(() => {});
    await server.close();
  }
});

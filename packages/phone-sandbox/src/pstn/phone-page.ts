import type { SuggestedCaller } from '../options';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** "Play a demo customer": the numbers the app suggested, each one click from being this phone's. */
function suggestedCallersHtml(callers: readonly SuggestedCaller[]): string {
  if (callers.length === 0) return '';
  const items = callers
    .map(
      ({ name, number }) =>
        `<li><button type="button" data-number="${escapeHtml(number)}">${escapeHtml(name)} <span class="number">${escapeHtml(number)}</span></button></li>`,
    )
    .join('');
  return `<fieldset id="demo-callers">
  <legend>Play a demo customer</legend>
  <p>These are the demo business's customers. Pick one and this phone takes their number: the business sees your calls and texts as theirs.</p>
  <ul id="suggested-callers" aria-label="Demo customers">${items}</ul>
</fieldset>`;
}

/**
 * The phone simulator: a customer's phone in a browser tab. It talks to the sandbox over
 * `<base>/phone/socket` and carries real audio with its own RTCPeerConnection, whose SDP the
 * sandbox relays to the staff browser's Voice SDK.
 */
export function phonePageHtml(
  basePath: string,
  suggestedCallers: readonly SuggestedCaller[] = [],
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Phone simulator</title>
<style>
  body { font: 15px system-ui, sans-serif; max-width: 420px; margin: 24px auto; padding: 0 12px; color: #1c1917; }
  h1 { font-size: 20px; }
  fieldset { border: 1px solid #d6d3d1; border-radius: 8px; margin: 12px 0; padding: 12px; }
  input, textarea, button { font: inherit; padding: 6px 10px; border-radius: 6px; border: 1px solid #a8a29e; }
  input[type="file"] { display: block; width: 100%; max-width: 100%; box-sizing: border-box; margin-top: 4px; }
  button { background: #f5f5f4; cursor: pointer; }
  button.primary { background: #15803d; color: white; border-color: #15803d; }
  button.danger { background: #b91c1c; color: white; border-color: #b91c1c; }
  .keypad { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6px; margin-top: 8px; }
  #status { font-weight: 600; }
  #messages { list-style: none; padding: 0; max-height: 260px; overflow: auto; }
  #messages li { margin: 4px 0; padding: 6px 10px; border-radius: 10px; background: #e7e5e4; }
  #messages li.out { background: #dcfce7; text-align: right; }
  .note { font-size: 0.875em; color: #57534e; margin: 2px 0; }
  #sms-error { color: #b91c1c; margin: 2px 0; }
  #sms-error:empty { display: none; }
  #suggested-callers { list-style: none; padding: 0; display: grid; gap: 6px; }
  #suggested-callers button { width: 100%; text-align: left; display: flex; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
  #suggested-callers button[aria-pressed="true"] { border-color: #15803d; background: #dcfce7; }
  #suggested-callers .number { color: #57534e; font-variant-numeric: tabular-nums; }
  [hidden] { display: none !important; }
</style>
</head>
<body>
<h1>Phone simulator</h1>
<p>This page is a customer's phone on the sandbox's pretend telephone network.</p>
<fieldset>
  <legend>This phone</legend>
  <label>My number <input id="my-number" aria-label="My number"></label>
  <button id="use-number">Use</button>
  <p>Status: <span id="status" data-testid="status">offline</span></p>
  <p class="hint">This browser remembers the number you use here.</p>
</fieldset>
${suggestedCallersHtml(suggestedCallers)}
<fieldset id="business" hidden>
  <legend>The business</legend>
  <p>The numbers this carrier gave to businesses: call or text one to reach them.</p>
  <ul id="business-numbers" aria-label="Business numbers"></ul>
</fieldset>
<fieldset>
  <legend>Call</legend>
  <label>Number to call <input id="dial-to" aria-label="Number to call"></label>
  <div>
    <button id="call" class="primary">Call</button>
    <button id="answer" class="primary" hidden>Answer</button>
    <button id="decline" class="danger" hidden>Decline</button>
    <button id="hangup" class="danger" hidden>Hang up</button>
  </div>
  <p id="incoming-from" hidden></p>
  <div class="keypad" aria-label="Keypad">
    ${['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'].map((k) => `<button data-key="${k}">${k}</button>`).join('')}
  </div>
  <audio id="remote-audio" autoplay></audio>
</fieldset>
<fieldset>
  <legend>Texts</legend>
  <ul id="messages" aria-label="Messages"></ul>
  <label>To <input id="sms-to" aria-label="Text to"></label>
  <textarea id="sms-body" aria-label="Message" rows="2" style="width: 100%"></textarea>
  <label>Picture <input id="sms-picture" type="file" accept="image/*" multiple aria-describedby="sms-picture-note"></label>
  <p id="sms-picture-note" class="note">Sends a picture message (MMS), as a customer's phone would.</p>
  <p id="sms-error" role="alert"></p>
  <button id="sms-send">Send text</button>
</fieldset>
<script type="module">
const BASE = ${JSON.stringify(basePath)};
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const state = { socket: null, number: null, call: null, status: 'offline' };
window.phone = state;

function setStatus(status) {
  state.status = status;
  $('status').textContent = status;
  const call = state.call;
  $('call').hidden = !!call;
  $('answer').hidden = !(call && status === 'incoming');
  $('decline').hidden = !(call && status === 'incoming');
  $('hangup').hidden = !(call && status !== 'incoming');
  $('incoming-from').hidden = status !== 'incoming';
}

function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
}

function connect(number) {
  if (state.socket) state.socket.close();
  state.number = number;
  try { localStorage.setItem(REMEMBERED, number); } catch {}
  $('my-number').value = number;
  for (const pick of document.querySelectorAll('#suggested-callers button')) {
    pick.setAttribute('aria-pressed', String(pick.dataset.number === number));
  }
  const url = new URL(BASE + '/phone/socket', location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('number', number);
  const socket = new WebSocket(url);
  state.socket = socket;
  socket.onopen = () => setStatus('idle');
  socket.onclose = () => { if (state.socket === socket) setStatus('offline'); };
  socket.onmessage = (event) => onMessage(JSON.parse(event.data));
}

async function newPeer() {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const pc = new RTCPeerConnection();
  for (const track of stream.getTracks()) pc.addTrack(track, stream);
  pc.ontrack = (event) => { $('remote-audio').srcObject = event.streams[0] || new MediaStream([event.track]); };
  return { pc, stream };
}

// The sandbox relays SDP without trickle ICE, so send a description with every candidate in it.
function gathered(pc) {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { if (pc.iceGatheringState === 'complete') resolve(); };
    pc.addEventListener('icegatheringstatechange', done);
    setTimeout(resolve, 2000);
  });
}

// Runs a local-description change and resolves once ICE gathering for it has completed (listening
// before the change, so an ICE restart's new gathering round is not mistaken for the old one).
function gatherAfter(pc, change) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(finish, 3000);
    function finish() {
      clearTimeout(timer);
      pc.removeEventListener('icecandidate', onCandidate);
      resolve();
    }
    function onCandidate(event) { if (!event.candidate) finish(); }
    pc.addEventListener('icecandidate', onCandidate);
    change().catch((error) => { clearTimeout(timer); reject(error); });
  });
}

function endCall(reason) {
  const call = state.call;
  if (call) {
    call.pc?.close();
    call.stream?.getTracks().forEach((t) => t.stop());
  }
  state.call = null;
  state.lastEndReason = reason;
  setStatus('ended' + (reason ? ': ' + reason : ''));
}

async function onMessage(message) {
  switch (message.type) {
    case 'hello':
      $('messages').replaceChildren();
      for (const m of message.inbox) showSms(m);
      showBusinessNumbers(message.businessNumbers || []);
      break;
    case 'dialing':
      if (state.call && state.call.id === message.id) state.call.callSid = message.callSid;
      break;
    case 'ringing':
      setStatus('ringing');
      break;
    case 'answered':
      if (!state.call || state.call.callSid !== message.callSid) return;
      if (message.sdp) await state.call.pc.setRemoteDescription({ type: 'answer', sdp: message.sdp });
      setStatus('open');
      break;
    case 'incoming':
      if (state.call) { send({ type: 'decline', callSid: message.callSid }); return; }
      state.call = { callSid: message.callSid, offer: message.sdp, from: message.from };
      $('incoming-from').textContent = 'Incoming call from ' + message.from;
      setStatus('incoming');
      break;
    case 'cancel':
    case 'ended':
      if (state.call && (state.call.callSid === message.callSid || (message.id && state.call.id === message.id))) endCall(message.reason || 'hung up');
      break;
    case 'sms':
      showSms(message.message);
      break;
    case 'error':
      $('sms-error').textContent = message.message;
      break;
    case 'reoffer': {
      // The other device renegotiates (the Voice SDK's ICE restart): answer on the same peer.
      const call = state.call;
      if (!call || call.callSid !== message.callSid || !call.pc) {
        send({ type: 'reanswer', id: message.id, sdp: null });
        return;
      }
      try {
        await call.pc.setRemoteDescription({ type: 'offer', sdp: message.sdp });
        await gatherAfter(call.pc, async () => call.pc.setLocalDescription(await call.pc.createAnswer()));
        call.renegotiations = (call.renegotiations || 0) + 1;
        send({ type: 'reanswer', id: message.id, sdp: call.pc.localDescription.sdp });
      } catch (error) {
        console.warn('renegotiation failed', error);
        send({ type: 'reanswer', id: message.id, sdp: null });
      }
      break;
    }
  }
}

function showSms(m) {
  const li = document.createElement('li');
  li.className = m.from === state.number ? 'out' : 'in';
  const pictures = m.numMedia ? ' [' + m.numMedia + (m.numMedia === 1 ? ' picture]' : ' pictures]') : '';
  li.textContent = (m.from === state.number ? 'To ' + m.to : m.from) + ': ' + m.body + pictures;
  $('messages').append(li);
}

$('use-number').onclick = () => connect($('my-number').value.trim());
for (const pick of document.querySelectorAll('#suggested-callers button')) {
  pick.onclick = () => connect(pick.dataset.number);
}
$('call').onclick = async () => {
  const to = $('dial-to').value.trim();
  if (!to || state.call) return;
  const id = Math.random().toString(36).slice(2);
  state.call = { id, callSid: null };
  setStatus('dialing');
  const { pc, stream } = await newPeer();
  Object.assign(state.call, { pc, stream });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  send({ type: 'dial', id, to, sdp: pc.localDescription.sdp });
};
$('answer').onclick = async () => {
  const call = state.call;
  if (!call || state.status !== 'incoming') return;
  setStatus('answering');
  const { pc, stream } = await newPeer();
  Object.assign(call, { pc, stream });
  await pc.setRemoteDescription({ type: 'offer', sdp: call.offer });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  send({ type: 'answer', callSid: call.callSid, sdp: pc.localDescription.sdp });
  setStatus('open');
};
$('decline').onclick = () => {
  if (!state.call) return;
  send({ type: 'decline', callSid: state.call.callSid });
  endCall('declined');
};
$('hangup').onclick = () => {
  if (!state.call) return;
  send({ type: 'hangup', callSid: state.call.callSid });
  endCall('hung up');
};
for (const key of document.querySelectorAll('[data-key]')) {
  key.onclick = () => { if (state.call?.callSid) send({ type: 'dtmf', callSid: state.call.callSid, digits: key.dataset.key }); };
}
/** A picked file as the sandbox's media item: its type and its bytes in base64. */
function readPicture(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ contentType: file.type || 'application/octet-stream', data: String(reader.result).split(',')[1] || '' });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
$('sms-send').onclick = async () => {
  const to = $('sms-to').value.trim();
  const body = $('sms-body').value;
  const files = [...$('sms-picture').files];
  if (!to || (!body && files.length === 0)) return;
  $('sms-error').textContent = '';
  const media = await Promise.all(files.map(readPicture));
  send({ type: 'sms', to, body, media });
  showSms({ from: state.number, to, body, numMedia: media.length });
  $('sms-body').value = '';
  $('sms-picture').value = '';
};

/** For tests: bytes of audio received and sent on the current call, and renegotiations. */
window.phoneStats = async () => {
  const pc = state.call?.pc;
  if (!pc) return { bytesReceived: 0, bytesSent: 0, renegotiations: 0 };
  let bytesReceived = 0, bytesSent = 0;
  (await pc.getStats()).forEach((r) => {
    if (r.type === 'inbound-rtp' && r.kind === 'audio') bytesReceived += r.bytesReceived;
    if (r.type === 'outbound-rtp' && r.kind === 'audio') bytesSent += r.bytesSent;
  });
  return { bytesReceived, bytesSent, renegotiations: state.call?.renegotiations || 0 };
};

const REMEMBERED = 'tentpole-sandbox-phone-number';
function remembered() {
  try { return localStorage.getItem(REMEMBERED); } catch { return null; }
}
function showBusinessNumbers(numbers) {
  $('business').hidden = numbers.length === 0;
  $('business-numbers').replaceChildren(...numbers.map((n) => {
    const item = document.createElement('li');
    const use = document.createElement('button');
    use.textContent = n;
    use.onclick = () => { $('dial-to').value = n; $('sms-to').value = n; };
    item.append(use);
    return item;
  }));
  if (numbers[0] && !$('dial-to').value) $('dial-to').value = numbers[0];
  if (numbers[0] && !$('sms-to').value) $('sms-to').value = numbers[0];
}
connect(params.get('number') || remembered() || '+1555020' + String(Math.floor(Math.random() * 10000)).padStart(4, '0'));
if (params.get('to')) $('dial-to').value = params.get('to');
</script>
</body>
</html>`;
}

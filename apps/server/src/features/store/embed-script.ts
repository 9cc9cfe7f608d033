import { ACCENT_TEXT_LIGHT, accentTextColour, STORE_FONTS } from '@tentpole/domain';
import type { Store } from './queries.js';

/**
 * GET /s/{slug}/embed.js (§10 "a one-line embed script puts the booking search on the
 * business's existing website"; decision 0068): no dependencies, a few KB. It draws "When and
 * where is your party?" where its script tag is, or into each element marked
 * `data-tentpole-booking`, inside a shadow root so the host page's CSS cannot reach it; on
 * submit the shopper goes to the store's catalog for that party.
 */
export function embedScript(store: Store, storeUrl: string): string {
  const ink = accentTextColour(store.colour) ?? ACCENT_TEXT_LIGHT;
  const config = {
    url: storeUrl,
    colour: store.colour,
    ink,
    font: (STORE_FONTS[store.font] ?? STORE_FONTS.modern).stack,
    heading: (STORE_FONTS[store.font] ?? STORE_FONTS.modern).heading,
    weight: (STORE_FONTS[store.font] ?? STORE_FONTS.modern).headingWeight,
    name: store.name,
  };
  // JSON inside a script: "<" escaped so no value can close a tag on the host page.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `/* Tentpole booking search: ${storeUrl} */
(function () {
  var C = ${json};
  var me = document.currentScript;
  var css = ':host{all:initial;display:block}*{box-sizing:border-box}' +
    '.tp{font:16px/1.5 ' + C.font + ';color:#1c1917;background:#fff;border:1px solid #e7e5e4;border-radius:12px;padding:16px;max-width:64rem}' +
    'h2{margin:0 0 12px;font:' + C.weight + ' 1.2rem/1.3 ' + C.heading + '}' +
    'form{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:12px;align-items:end;margin:0}' +
    'label{display:block;font-weight:600;margin:0 0 4px;font-size:.95rem}' +
    'input{width:100%;font:inherit;padding:8px 10px;border:1px solid #a8a29e;border-radius:8px;background:#fff;color:#1c1917;min-height:44px}' +
    'button{width:100%;font:inherit;font-weight:600;border-radius:8px;padding:10px 14px;border:2px solid ' + C.colour + ';background:' + C.colour + ';color:' + C.ink + ';min-height:44px;cursor:pointer}' +
    'input:focus-visible,button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}' +
    '.err{color:#b91c1c;font-size:.9rem;margin:8px 0 0}';
  var n = 0;
  function field(id, label, type, value, extra) {
    return '<div><label for="' + id + '">' + label + '</label><input id="' + id + '" name="' + id +
      '" type="' + type + '" value="' + value + '" required' + (extra || '') + '></div>';
  }
  function draw(host) {
    if (host.shadowRoot || host.getAttribute('data-tentpole-drawn')) return;
    host.setAttribute('data-tentpole-drawn', '');
    var root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
    var h = 'tp-when-' + ++n;
    root.innerHTML = '<style>' + css + '</style><section class="tp" aria-labelledby="' + h + '">' +
      '<h2 id="' + h + '">When and where is your party?</h2><form novalidate>' +
      field('date', 'Party date', 'date', '') + field('start', 'Starts', 'time', '12:00') +
      field('end', 'Ends', 'time', '18:00') +
      field('zip', 'ZIP code', 'text', '', ' inputmode="numeric" autocomplete="postal-code" pattern="[0-9]{5}" maxlength="5"') +
      '<div><button type="submit">Show what\\u2019s available</button></div></form>' +
      '<p class="err" role="alert" hidden></p></section>';
    var form = root.querySelector('form');
    var err = root.querySelector('.err');
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var v = {};
      ['date', 'start', 'end', 'zip'].forEach(function (k) { v[k] = form.elements[k].value.trim(); });
      var problem = !v.date ? ['date', 'Choose the day of your party']
        : !/^\\d{5}$/.test(v.zip) ? ['zip', 'Enter a 5-digit ZIP code']
        : !(v.end > v.start) ? ['end', 'The party must end after it starts'] : null;
      if (problem) {
        err.textContent = problem[1];
        err.hidden = false;
        form.elements[problem[0]].setAttribute('aria-invalid', 'true');
        form.elements[problem[0]].focus();
        return;
      }
      var q = new URLSearchParams(v).toString();
      window.location.assign(C.url + (C.url.indexOf('?') < 0 ? '?' : '&') + q);
    });
  }
  function start() {
    var marked = document.querySelectorAll('[data-tentpole-booking]');
    if (marked.length) { for (var i = 0; i < marked.length; i++) draw(marked[i]); return; }
    if (!me || !me.parentNode) return;
    var box = document.createElement('div');
    me.parentNode.insertBefore(box, me.nextSibling);
    draw(box);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
`;
}

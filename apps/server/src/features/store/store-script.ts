import { countdownText } from '@tentpole/domain';

/**
 * The store's only script (a few hundred bytes): the cart's countdown (the domain's own
 * `countdownText`, as the page's first text), and "extended while the customer is active": any
 * click, key or scroll, at most once a minute, restarts the hold.
 */
export const STORE_SCRIPT = `(()=>{const countdown=${countdownText};const box=document.querySelector('[data-expires]');if(!box)return;
const out=box.querySelector('.timer');let until=Date.parse(box.dataset.expires||'');let last=0;
const tick=()=>{const ms=until-Date.now();out.textContent=countdown(ms);
if(ms<=0){box.textContent='Your hold ran out. Reload the page to hold your items again if they are still free.';clearInterval(t)}};
const t=setInterval(tick,1000);tick();
const active=()=>{const now=Date.now();if(now-last<60000||until<=now)return;last=now;
fetch(box.dataset.extend,{method:'POST',headers:{'content-type':'application/json'},body:'{}'}).then(r=>r.ok?r.json():null).then(b=>{if(b&&b.expiresAt)until=Date.parse(b.expiresAt)}).catch(()=>{})};
for(const e of ['click','keydown','scroll','touchstart'])addEventListener(e,active,{passive:true});})();`;

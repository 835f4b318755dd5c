import {launch,watch,shot,BASE} from './lib.mjs';
const b=await launch(); const ctx=await b.newContext({locale:'en-GB',timezoneId:'Europe/London',viewport:{width:1366,height:900}}); const p=await ctx.newPage(); watch(p,'pub');
await p.goto(BASE+'/'); await p.waitForLoadState('networkidle'); await shot(p,'10-public');
const ctrls=await p.$$eval('input,select,button,textarea',els=>els.filter(e=>e.offsetParent).map(e=>({t:e.tagName,type:e.type,id:e.id,name:e.name,lab:e.getAttribute('aria-label')||e.labels?.[0]?.innerText||e.innerText||e.placeholder||''})));
console.log(JSON.stringify(ctrls,null,0));
await b.close();

import {launch,watch,shot,BASE} from './lib.mjs'; import {quote,bookNowFor} from './pub.mjs';
const b=await launch(); const ctx=await b.newContext({locale:'en-GB',timezoneId:'Europe/London',viewport:{width:1366,height:900}}); const p=await ctx.newPage(); watch(p,'pub');
await quote(p); await bookNowFor(p,'Heathrow Executive Cars','Saloon');
console.log('url',p.url()); await shot(p,'13-details');
const ctrls=await p.$$eval('input,select,button,textarea,[role=tab]',els=>els.filter(e=>e.offsetParent).map(e=>({t:e.tagName,type:e.type,name:e.name,lab:e.getAttribute('aria-label')||e.labels?.[0]?.innerText||e.innerText||e.placeholder||''})).slice(0,40));
console.log(JSON.stringify(ctrls));
await b.close();

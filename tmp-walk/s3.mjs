import {launch,watch,shot,BASE} from './lib.mjs';
const b=await launch(); const ctx=await b.newContext({locale:'en-GB',timezoneId:'Europe/London',viewport:{width:1366,height:900}}); const p=await ctx.newPage(); watch(p,'pub');
await p.goto(BASE+'/'); await p.waitForLoadState('networkidle');
await p.getByRole('tab',{name:/get a quote/i}).click().catch(async()=>p.getByText('GET A QUOTE').click());
await p.waitForTimeout(300);
const ctrls=await p.$$eval('input,select,button,textarea',els=>els.filter(e=>e.offsetParent).map(e=>({t:e.tagName,type:e.type,name:e.name,lab:e.getAttribute('aria-label')||e.labels?.[0]?.innerText||e.innerText||e.placeholder||''})).slice(0,14));
console.log(JSON.stringify(ctrls));
async function place(name,q){ const i=p.locator(`input[name="${name}"]:visible`); await i.click(); await i.fill(q); await p.waitForTimeout(900); const opt=p.getByRole('option').first(); console.log(name,'opt:',await opt.innerText().catch(()=>'none')); await opt.click(); }
await place('pickup','Heathrow Terminal 5');
await place('dropoff','Gatwick');
await shot(p,'11-quote-form');
await p.getByRole('button',{name:/^quote$/i}).click(); await p.waitForLoadState('networkidle'); await p.waitForTimeout(1500);
console.log('url',p.url()); await shot(p,'12-quotes');
console.log((await p.locator('main').innerText()).slice(0,1500));
await ctx.storageState({path:'pub-state.json'});
console.log('PAGEURL',p.url());
await b.close();

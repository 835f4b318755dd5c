import {launch,BASE} from './lib.mjs';
const b=await launch(); const ctx=await b.newContext({storageState:'pub-state.json'}); const p=await ctx.newPage();
await p.goto(BASE+'/quotationview'); await p.waitForLoadState('networkidle'); await p.waitForTimeout(800);
console.log(p.url());
const h=await p.evaluate(()=>{const btn=[...document.querySelectorAll('button')].find(b=>b.innerText.trim()==='Book Now'); let e=btn; const chain=[]; for(let i=0;i<6&&e;i++){chain.push(e.tagName+'.'+e.className+' role='+e.getAttribute('role')); e=e.parentElement;} return chain;});
console.log(h);
await b.close();

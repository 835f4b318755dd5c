import {shot,BASE} from './lib.mjs';
export async function quote(p){
  await p.goto(BASE+'/'); await p.waitForLoadState('networkidle');
  await p.getByText('GET A QUOTE').click(); await p.waitForTimeout(300);
  async function place(name,q){ const i=p.locator(`input[name="${name}"]:visible`); await i.click(); await i.fill(q); await p.waitForTimeout(900); await p.getByRole('option').first().click(); }
  await place('pickup','Heathrow Terminal 5'); await place('dropoff','Gatwick');
  await p.getByRole('button',{name:/^quote$/i}).click(); await p.waitForLoadState('networkidle'); await p.waitForTimeout(1200);
}
export async function bookNowFor(p,op,veh){
  const idx=await p.evaluate(([op,veh])=>{const btns=[...document.querySelectorAll('button')].filter(b=>b.innerText.trim()==='Book Now'); return btns.findIndex(b=>{let e=b; for(let i=0;i<8;i++){e=e.parentElement; if(e.innerText.includes(op)&&e.innerText.split('\n').some(l=>l.trim()===veh)) return !(e.innerText.match(/Book Now/g).length>1);} return false;});},[op,veh]);
  console.log('book idx',idx);
  await p.getByRole('button',{name:'Book Now'}).nth(idx).click(); await p.waitForLoadState('networkidle'); await p.waitForTimeout(800);
}

import { chromium } from 'playwright-core';
export const BASE='http://127.0.0.1:8123';
export async function launch(){ return chromium.launch({executablePath:'/usr/bin/chromium',args:['--headless','--no-sandbox','--disable-gpu','--lang=en-GB']}); }
export function watch(page,tag){ page.on('console',m=>{ if(['error','warning'].includes(m.type())) console.log(`[${tag} console.${m.type()}]`,m.text().slice(0,300)); }); page.on('pageerror',e=>console.log(`[${tag} pageerror]`,e.message)); page.on('response',r=>{ if(r.status()>=400) console.log(`[${tag} HTTP ${r.status()}]`,r.url()); }); }
export async function shot(page,name){ await page.screenshot({path:`/tmp/walk-shots/${name}.png`,fullPage:true}); }
export async function login(page,email,pw='Dispatch-Demo-2026'){ await page.goto(BASE+'/operator/login'); await page.getByLabel(/email/i).fill(email); await page.getByLabel(/password/i).fill(pw); await page.getByRole('button',{name:/sign in|log in/i}).click(); await page.waitForLoadState('networkidle'); }

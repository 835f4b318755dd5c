import {launch,watch,shot,BASE,login} from './lib.mjs';
import fs from 'fs';
const b=await launch();
const ctx=await b.newContext({locale:'en-GB',timezoneId:'Europe/London',viewport:{width:1366,height:900},acceptDownloads:true}); const d=await ctx.newPage(); watch(d,'adm');
await login(d,'admin@ridebook.example','Operator-Admin-2026'); await d.waitForTimeout(500);
const summary=async(tag)=>{ await d.waitForTimeout(700); const rows=await d.locator('tbody tr').count(); const foot=(await d.locator('main').innerText()).match(/\d+ bookings?|No bookings[^\n]*|Page \d+ of \d+/g); console.log(tag,'rows',rows,foot,'url',d.url().replace(BASE,'')); };
await summary('admin all'); await shot(d,'20-admin-board');
for(const q of ['Today','Upcoming','Needs action']){ await d.getByRole('button',{name:q,exact:true}).click(); await summary(q); const pressed=await d.getByRole('button',{name:q,exact:true}).getAttribute('aria-pressed'); console.log(' aria-pressed',pressed, 'statuses',(await d.locator('tbody tr td:nth-child(7)').allInnerTexts()).join(',')); }
await shot(d,'21-needs-action');
await d.getByRole('button',{name:'All',exact:true}).click();
await d.getByLabel('Status').selectOption({label:'Cancelled'}); await summary('status Cancelled');
await d.getByLabel('Status').selectOption({label:'All'});
await d.getByLabel('From date').fill('2026-11-20'); await d.getByLabel('To date').fill('2026-11-30'); await summary('date 20-30 Nov'); console.log((await d.locator('tbody tr td:nth-child(2)').allInnerTexts()).join(' ; '));
await d.getByLabel('From date').fill('2026-12-01'); await summary('from>to'); await shot(d,'22-from-after-to');
await d.getByLabel('From date').fill(''); await d.getByLabel('To date').fill('');
await d.getByLabel('Search').fill('Guestwalk'); await summary('search Guestwalk');
await d.getByLabel('Search').fill('eleanor'); await summary('search eleanor');
await d.getByLabel('Search').fill('7700 900456'); await summary('search phone digits');
await d.getByLabel('Search').fill('+447700900456'); await summary('search phone e164');
await d.getByLabel('Search').fill('zzzz'); await summary('search none'); await shot(d,'23-search-none');
await d.getByLabel('Search').fill('');
await summary('cleared');
// paging
const nxt=d.getByRole('button',{name:'Next'}); console.log('next disabled?',await nxt.isDisabled());
if(!(await nxt.isDisabled())){ await nxt.click(); await summary('page2'); await shot(d,'24-page2'); }
// reload keeps filters?
await d.getByRole('button',{name:'Upcoming',exact:true}).click(); await d.waitForTimeout(400); await d.reload(); await d.waitForLoadState('networkidle'); await summary('after reload (Upcoming set before)');
await d.getByRole('button',{name:'All',exact:true}).click(); await d.waitForTimeout(400);
// CSV
const [dl]=await Promise.all([d.waitForEvent('download',{timeout:10000}),d.getByRole('button',{name:'Export CSV'}).click()]);
console.log('csv name',dl.suggestedFilename()); const path='/tmp/walk-shots/export.csv'; await dl.saveAs(path);
const buf=fs.readFileSync(path); console.log('bom',buf.slice(0,3).toString('hex'),'bytes',buf.length); console.log(buf.toString('utf8').split('\n').slice(0,4).join('\n'));
console.log('lines',buf.toString('utf8').trim().split('\n').length);
await b.close();

import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { FILES_WITH_MODULE_MOCKS } from '../support/module-mocks';

it.each(Object.entries(FILES_WITH_MODULE_MOCKS))(
  'runs isolated every %s file that replaces a module with vi.mock',
  (folder, listed) => {
    const mocking = readdirSync(`tests/${folder}`, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .filter((name) =>
        /\bvi\.(do)?[mM]ock\(/.test(readFileSync(`tests/${folder}/${name}`, 'utf8')),
      )
      .map((name) => `tests/${folder}/${name}`);
    expect(mocking.sort()).toEqual([...listed].sort());
  },
);

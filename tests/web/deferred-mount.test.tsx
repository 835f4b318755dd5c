import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../src/web/components/chakra/theme';
import { Tabs } from '../../src/web/components/tabs';
import { Deferred } from '../../src/web/lib/deferred-mount';

/** Lets one macrotask run (and the renders its state changes cause). */
async function nextTask(): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** Runs the one timer due next (fake timers), and the renders it causes, and no other. */
function runOneTask(): void {
  act(() => {
    vi.advanceTimersToNextTimer();
  });
}

describe('Deferred', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('mounts its parts after the first render, one per task, in the order they asked', () => {
    vi.useFakeTimers();
    render(
      <>
        <p>first paint</p>
        <Deferred>
          <p>part one</p>
        </Deferred>
        <Deferred>
          <p>part two</p>
        </Deferred>
      </>,
    );
    expect(screen.getByText('first paint')).toBeTruthy();
    expect(screen.queryByText('part one')).toBeNull();
    expect(screen.queryByText('part two')).toBeNull();

    runOneTask();
    expect(screen.queryByText('part one')).not.toBeNull();
    expect(screen.queryByText('part two')).toBeNull();

    runOneTask();
    expect(screen.queryByText('part two')).not.toBeNull();
  });
});

function TwoTabs() {
  const [active, setActive] = useState<'shown' | 'hidden'>('shown');
  return (
    <ChakraProvider value={system}>
      <Tabs
        label="Booking type"
        active={active}
        onChange={setActive}
        items={[
          { key: 'shown', label: 'Shown', panel: <input aria-label="Shown field" /> },
          { key: 'hidden', label: 'Hidden', panel: <input aria-label="Hidden field" /> },
        ]}
      />
    </ChakraProvider>
  );
}

describe('Tabs', () => {
  it("draws a hidden tab's panel after the first render, and keeps it", async () => {
    render(<TwoTabs />);
    expect(screen.getByRole('textbox', { name: 'Shown field' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Hidden field', hidden: true })).toBeNull();
    // Its panel is there from the start, so the tab's aria-controls names an element.
    const panelId = screen.getByRole('tab', { name: 'Hidden' }).getAttribute('aria-controls');
    expect(document.getElementById(panelId ?? '')?.getAttribute('role')).toBe('tabpanel');

    await nextTask();
    expect(screen.getByRole('textbox', { name: 'Hidden field', hidden: true })).toBeTruthy();
  });

  it('draws a panel at once when its tab is chosen first, and keeps what was typed in it', async () => {
    const user = userEvent.setup();
    render(<TwoTabs />);
    // Chosen in the first render's task, before the deferred mount has run.
    act(() => screen.getByRole('tab', { name: 'Hidden' }).click());
    expect(screen.getByRole('textbox', { name: 'Hidden field' })).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Hidden field' }), 'Gatwick');
    await user.click(screen.getByRole('tab', { name: 'Shown' }));
    await user.click(screen.getByRole('tab', { name: 'Hidden' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Hidden field' }).value).toBe(
      'Gatwick',
    );
  });
});

import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useDeferredMount } from '../lib/deferred-mount';
import styles from './tabs.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

interface TabsProps<K extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  items: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
}

/**
 * WAI-ARIA tabs (automatic activation, roving tabindex, arrow keys, Home and End). Written here
 * rather than with Chakra's Tabs because the home page's first load is budgeted, and Chakra's
 * state machine for tabs alone added ~12 kB gzip to it.
 */
export function Tabs<K extends string>({ label, items, active, onChange }: TabsProps<K>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());

  const focusAt = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onChange(item.key);
    tabRefs.current.get(item.key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusAt(target);
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.list}>
        {items.map((item, index) => {
          const selected = item.key === active;
          return (
            <button
              key={item.key}
              className={styles.tab}
              ref={(node: HTMLButtonElement | null) => {
                if (node) tabRefs.current.set(item.key, node);
                else tabRefs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <TabPanel key={item.key} baseId={baseId} tabKey={item.key} selected={item.key === active}>
          {item.panel}
        </TabPanel>
      ))}
    </div>
  );
}

interface TabPanelProps {
  baseId: string;
  tabKey: string;
  selected: boolean;
  children: ReactNode;
}

/**
 * A hidden panel's content is mounted in a task after the first paint (lib/deferred-mount.tsx),
 * or at once when its tab is chosen, and then kept, so switching tabs loses nothing.
 */
function TabPanel({ baseId, tabKey, selected, children }: TabPanelProps) {
  const mounted = useDeferredMount(selected);
  return (
    <div
      role="tabpanel"
      className={styles.panel}
      id={`${baseId}-panel-${tabKey}`}
      aria-labelledby={`${baseId}-tab-${tabKey}`}
      hidden={!selected}
      tabIndex={0}
    >
      {mounted ? children : null}
    </div>
  );
}

import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

/** A tab: its name, and optionally an icon (decorative: the name is the label) and a note after it (a count). */
export type TabItem<K extends string> = { key: K; label: string; icon?: ReactNode; after?: ReactNode };

type Props<K extends string> = {
  items: TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  /** Id prefix for aria-controls; panels use `${idBase}-panel-${key}`. */
  idBase?: string;
  /** The feature's look: the list gets this class, each tab `${className}__tab`. */
  className: string;
};

/** Arrow keys step (wrapping), Home and End jump to the ends. */
const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/** WAI-ARIA tabs (arrow keys, Home and End move between tabs). Renders nothing for a single tab. */
export const Tabs = <K extends string>({ items, value, onChange, label, idBase, className }: Props<K>) => {
  const autoId = useId();
  const base = idBase ?? autoId;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (items.length < 2) return null;
  const onKey = (e: KeyboardEvent, index: number) => {
    const step = STEPS[e.key];
    if (!step) return;
    e.preventDefault();
    const next = step(index, items.length);
    onChange(items[next].key);
    refs.current[next]?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label}>
      {items.map((item, i) => (
        <button
          key={item.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${base}-tab-${item.key}`}
          aria-selected={item.key === value}
          aria-controls={`${base}-panel-${item.key}`}
          tabIndex={item.key === value ? 0 : -1}
          className={`${className}__tab${item.key === value ? ' is-active' : ''}`}
          onClick={() => onChange(item.key)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {item.icon}
          {item.label}
          {item.after}
        </button>
      ))}
    </div>
  );
};

/**
 * The panel is not named after its tab: tab names ("Username", "Mobile number") equal the labels of
 * fields inside, and a panel with the same name would make those labels ambiguous to people using
 * screen readers and to tests selecting fields by label.
 */
export const tabPanelProps = (base: string, key: string) => ({
  role: 'tabpanel' as const,
  id: `${base}-panel-${key}`,
});

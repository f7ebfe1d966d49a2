import { type KeyboardEvent, useId, useRef } from 'react';

export type TabItem<K extends string> = { key: K; label: string };

type Props<K extends string> = {
  items: TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  /** Id prefix for aria-controls; panels use `${idBase}-panel-${key}`. */
  idBase?: string;
};

/** WAI-ARIA tabs (arrow keys move between tabs). Renders nothing for a single tab. */
export const Tabs = <K extends string>({ items, value, onChange, label, idBase }: Props<K>) => {
  const autoId = useId();
  const base = idBase ?? autoId;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (items.length < 2) return null;
  const onKey = (e: KeyboardEvent, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (index + step + items.length) % items.length;
    onChange(items[next].key);
    refs.current[next]?.focus();
  };
  return (
    <div className="au-tabs" role="tablist" aria-label={label}>
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
          className={`au-tabs__tab${item.key === value ? ' is-active' : ''}`}
          onClick={() => onChange(item.key)}
          onKeyDown={(e) => onKey(e, i)}
        >
          {item.label}
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

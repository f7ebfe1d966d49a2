import { useEffect, useRef } from 'react';
import { Tabs } from '../../../../components/ui/tabs/tabs';

type Props<K extends string> = Parameters<typeof Tabs<K>>[0];

/**
 * The shared tabs in the back office's look. On a phone the strip scrolls sideways: the chosen tab
 * (from the address, e.g. ?section=points) is brought into view instead of being left off the edge.
 */
export const TabStrip = <K extends string>(props: Omit<Props<K>, 'className'>) => {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('.is-active')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [props.value]);
  return (
    <div ref={box} className="bo-tabs-box">
      <Tabs {...props} className="bo-tabs" />
    </div>
  );
};

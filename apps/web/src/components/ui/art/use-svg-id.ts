import { useId } from 'react';

/** useId made safe inside url(#…) references, whatever characters React puts in it. */
export const useSvgId = (prefix = 'a') => `${prefix}${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

import { createContext, useContext } from 'react';
import type { OpsMeValue } from '@apsara/contracts';
import { can, type OpsAction } from '../../logic/roles';

/** The signed-in operator, for the pages inside the frame (they render only once it is known). */
export const OperatorContext = createContext<OpsMeValue | null>(null);

export const useOperator = () => {
  const me = useContext(OperatorContext);
  return { me, role: me?.role, can: (action: OpsAction) => can(me?.role, action) };
};

import { createContext, type ReactNode, useContext } from 'react';

type OutboundCall = {
  /** Opens the Outbound Call dialog, empty or prefilled with `number` (spec §2, §4). */
  openOutboundCall: (number?: string) => void;
};

const OutboundCallContext = createContext<OutboundCall | null>(null);

// The Outbound Call dialog is built with the phone area; until then the provider opens
// nothing. The Reach plus action that calls it is inactive without phone service anyway.
const notBuiltYet: OutboundCall = { openOutboundCall: () => {} };

export function OutboundCallProvider({ children }: { children: ReactNode }) {
  return <OutboundCallContext value={notBuiltYet}>{children}</OutboundCallContext>;
}

export function useOutboundCall(): OutboundCall {
  const context = useContext(OutboundCallContext);
  if (!context) throw new Error('useOutboundCall must be used inside an OutboundCallProvider');
  return context;
}

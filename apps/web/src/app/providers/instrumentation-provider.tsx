import { createContext, type ReactNode, useContext } from 'react';
import type { Instrumentation } from '@/lib/instrumentation/instrumentation';

const InstrumentationContext = createContext<Instrumentation | null>(null);

export function InstrumentationProvider({
  instrumentation,
  children,
}: {
  instrumentation: Instrumentation;
  children: ReactNode;
}) {
  return <InstrumentationContext value={instrumentation}>{children}</InstrumentationContext>;
}

export function useInstrumentation(): Instrumentation {
  const context = useContext(InstrumentationContext);
  if (!context) {
    throw new Error('useInstrumentation must be used inside an InstrumentationProvider');
  }
  return context;
}

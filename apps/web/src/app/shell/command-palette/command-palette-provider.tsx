import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

type CommandPaletteControls = {
  /** Opens the command palette (the sidebar's Search). */
  openPalette: () => void;
};

const CommandPaletteContext = createContext<CommandPaletteControls | null>(null);

// The palette and cmdk load when first asked for, so the first visit does not carry them
// (decision 0016's budget); pointing at Search starts the download early.
const loadPalette = () => import('./command-palette');
const CommandPalette = lazy(() =>
  loadPalette().then((module) => ({ default: module.CommandPalette })),
);
export function preloadCommandPalette(): void {
  void loadPalette();
}

/** Ctrl+K, or Cmd+K on a Mac: the palette's shortcut (issue 15). */
export function isPaletteShortcut(event: KeyboardEvent): boolean {
  return (
    event.key.toLowerCase() === 'k' &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}

/**
 * The command palette for the signed-in app: Ctrl/Cmd+K toggles it on any page, and the
 * sidebar's Search opens it. Closing gives the focus back to where it was (the kit's Dialog).
 */
export function CommandPaletteProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first time it is asked for, so its chunk is not fetched before.
  const [asked, setAsked] = useState(false);

  const openPalette = useCallback(() => {
    setAsked(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      // Also keeps the browser's own Ctrl+K (its search bar) from taking the keys.
      event.preventDefault();
      if (event.repeat) return;
      setAsked(true);
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const value = useMemo(() => ({ openPalette }), [openPalette]);
  return (
    <CommandPaletteContext value={value}>
      {children}
      {asked && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </CommandPaletteContext>
  );
}

export function useCommandPalette(): CommandPaletteControls {
  const context = useContext(CommandPaletteContext);
  if (!context) throw new Error('useCommandPalette must be used inside a CommandPaletteProvider');
  return context;
}

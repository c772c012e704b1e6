import { useEffect, useRef } from 'preact/hooks';

/** How long the toast stays, in milliseconds: a few seconds to change one's mind. */
export const TOAST_MS = 8_000;

/** What the toast says: the canceled reminder's title, and whether Undo is offered. */
export interface ToastState {
  readonly id: string;
  readonly title: string;
  readonly undoable: boolean;
}

/**
 * "Canceled …" after a cancel, with Undo when the daemon can undo it (issue 31). It takes the
 * keyboard focus the canceled row's button had (that button is gone), so Enter undoes at once
 * and focus never falls to `<body>`; it leaves by itself after {@link TOAST_MS}.
 */
export function UndoToast({
  toast,
  onUndo,
  onClose,
}: {
  toast: ToastState;
  onUndo: () => void;
  onClose: () => void;
}) {
  const focusTarget = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    focusTarget.current?.focus();
    const timer = setTimeout(onClose, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, onClose]);
  return (
    <div class="toast" role="status">
      <span>Canceled “{toast.title}”.</span>
      {toast.undoable && (
        <button ref={focusTarget} type="button" onClick={onUndo}>
          Undo
        </button>
      )}
      <button
        ref={toast.undoable ? undefined : focusTarget}
        type="button"
        class="secondary"
        aria-label="Dismiss"
        onClick={onClose}
      >
        ×
      </button>
    </div>
  );
}

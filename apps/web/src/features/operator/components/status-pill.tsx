/** A status word with its colour (succeeded, failed, pending…); the word carries the meaning, the colour only helps. */
export function StatusPill({ status, label }: { status: string; label: string }) {
  return (
    <span className="status-pill" data-status={status}>
      {label}
    </span>
  );
}

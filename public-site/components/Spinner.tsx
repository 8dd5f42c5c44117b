export function Spinner({ label }: { label: string }) {
  return (
    <div class="spinner" role="status">
      <span class="spinner-ring" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

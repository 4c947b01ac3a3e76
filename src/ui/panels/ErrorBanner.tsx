export function ErrorBanner({ message, onDismiss, onRetry }: { message: string; onDismiss?: () => void; onRetry?: () => void }) {
  return (
    <div className="banner" role="alert" data-testid="error-banner">
      <strong>The simulation failed:</strong> <span className="banner-message">{message}</span>
      {onRetry ? (
        <button type="button" data-testid="retry" onClick={onRetry}>
          Try again
        </button>
      ) : null}
      {onDismiss ? (
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  );
}

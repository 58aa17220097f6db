/**
 * The sign-in page of the local SSO stand-in, dressed like Microsoft's so it is obvious where the browser is.
 * There is no password: any e-mail of a console user signs in, as Entra ID would for a member of the directory.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const LOGO = `<svg width="108" height="24" viewBox="0 0 108 24" aria-label="Microsoft" role="img">
  <rect width="11" height="11" fill="#f25022"/><rect x="12" width="11" height="11" fill="#7fba00"/>
  <rect y="12" width="11" height="11" fill="#00a4ef"/><rect x="12" y="12" width="11" height="11" fill="#ffb900"/>
  <text x="30" y="17" font-family="Segoe UI, Arial, sans-serif" font-size="16" font-weight="600" fill="#737373">Microsoft</text>
</svg>`;

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    background: #f2f2f2; font-family: "Segoe UI", Arial, sans-serif; color: #1b1b1b; }
  main { width: 100%; max-width: 440px; background: #fff; padding: 44px; box-shadow: 0 2px 6px rgba(0,0,0,.2); }
  h1 { font-size: 24px; font-weight: 600; margin: 16px 0 12px; }
  p { font-size: 14px; margin: 0 0 12px; }
  label { position: absolute; left: -9999px; }
  input { width: 100%; font-size: 15px; padding: 6px 0; border: 0; border-bottom: 1px solid #666; outline: none; }
  input:focus { border-bottom-color: #0067b8; }
  .error { color: #e81123; }
  .note { color: #616161; font-size: 13px; margin-top: 16px; }
  .actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 28px; }
  button { min-width: 108px; padding: 6px 12px; font-size: 15px; border: 0; cursor: pointer; }
  .primary { background: #0067b8; color: #fff; }
  .secondary { background: #ccc; color: #1b1b1b; }
  @media (max-width: 600px) { body { align-items: flex-start; background: #fff; } main { box-shadow: none; padding: 24px; } }
`;

export function loginPage(options: { uid: string; email?: string; error?: string }): string {
  const action = `/interaction/${encodeURIComponent(options.uid)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to your account</title><style>${STYLE}</style></head>
<body><main>
  ${LOGO}
  <h1>Sign in</h1>
  ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
  <form method="post" action="${action}/login">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" placeholder="Email" autocomplete="username" autofocus required
      value="${escapeHtml(options.email ?? '')}">
    <p class="note">Local stand-in for Microsoft Entra ID: enter the e-mail of a console user (no password).</p>
    <div class="actions">
      <button class="secondary" type="submit" formaction="${action}/abort" formnovalidate>Cancel</button>
      <button class="primary" type="submit">Next</button>
    </div>
  </form>
</main></body></html>`;
}

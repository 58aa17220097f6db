/** Initials for the user-menu button: 'jan.de-vries@x.nl' -> 'JD', 'admin@x.nl' -> 'A'. */
export function initialsOfEmail(email: string): string {
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._+-]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : (local[0] ?? '');
  return letters.toUpperCase() || '?';
}

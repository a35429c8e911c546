import { own } from '@domain/shared/id-record';
import { safeStorage } from './i18n';

/**
 * The viewer's token: pasted in the page or passed once as `#token=…` (a fragment never
 * reaches a server log). It is kept for this tab only and taken out of the address, so a
 * copied link never carries it.
 */
const TOKEN_KEY = 'matchlog.token';

export function takeTokenFromUrl(): void {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get('token');
  if (token === null) return;
  if (token.trim()) {
    saveToken(token.trim());
    holdLink(location.pathname, token.trim());
  }
  params.delete('token');
  const rest = params.toString();
  history.replaceState(null, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
}

export function storedToken(): string | undefined {
  return safeStorage(() => sessionStorage.getItem(TOKEN_KEY)) ?? undefined;
}

export function saveToken(token: string | undefined): void {
  safeStorage(() =>
    token ? sessionStorage.setItem(TOKEN_KEY, token) : sessionStorage.removeItem(TOKEN_KEY),
  );
}

/**
 * The seat links this browser opened (`/play/<matchId>#token=…`), so that the home page can
 * list them again. Kept where the token is kept, in this tab's session storage: nothing
 * more durable holds a token.
 */
const LINKS_KEY = 'matchlog.links';

export interface HeldLink {
  matchId: string;
  token: string;
}

export function heldLinks(): HeldLink[] {
  const raw = safeStorage(() => sessionStorage.getItem(LINKS_KEY));
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed)
      ? parsed.filter(
          (l): l is HeldLink =>
            typeof (l as HeldLink | null)?.matchId === 'string' &&
            typeof (l as HeldLink).token === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function holdLink(path: string, token: string): void {
  const play = /^\/play\/([^/]+)\/?$/.exec(path);
  if (!play) return;
  let matchId = play[1];
  try {
    matchId = decodeURIComponent(matchId);
  } catch {
    return;
  }
  const others = heldLinks().filter((l) => l.matchId !== matchId || l.token !== token);
  safeStorage(() =>
    sessionStorage.setItem(LINKS_KEY, JSON.stringify([{ matchId, token }, ...others].slice(0, 50))),
  );
}

/** Owner colours: a seat named after a colour gets that colour; others one of a fixed palette. */
const NAMED: Record<string, string> = {
  red: '#c62828',
  blue: '#1565c0',
  green: '#2e7d32',
  yellow: '#b58900',
  orange: '#e65100',
  purple: '#6a1b9a',
  black: '#212121',
  white: '#757575',
  grey: '#616161',
  gray: '#616161',
  teal: '#00796b',
  pink: '#ad1457',
  brown: '#5d4037',
};
const PALETTE = [
  '#c62828',
  '#1565c0',
  '#2e7d32',
  '#b58900',
  '#6a1b9a',
  '#00796b',
  '#e65100',
  '#ad1457',
];

export function ownerColour(owner: string | undefined, seats: readonly string[]): string {
  if (!owner || owner === 'none') return '#8a8f98';
  const named = own(NAMED, owner.toLowerCase());
  if (named) return named;
  const index = seats.indexOf(owner);
  if (index >= 0) return PALETTE[index % PALETTE.length];
  let hash = 0;
  for (const ch of owner) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

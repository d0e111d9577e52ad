import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * What the landing page needs from whoever hosts it. The shell's full app passes its router and the
 * session's balance; the light public entry (`./landing`) passes nothing, so links load their page.
 */
export interface LandingEnv {
  /** Client-side navigation; without it links are ordinary page loads. */
  navigate?: (href: string) => void;
  /** Where "Profile" leads: the signed-in session's dashboard, or sign-in. */
  profileHref?: string;
  /** The session's total balance, formatted, once the shell has loaded it. */
  balance?: string | null;
}

const LandingEnvContext = createContext<LandingEnv>({});

export const LandingEnvProvider = LandingEnvContext.Provider;

export function useLandingEnv(): LandingEnv {
  return useContext(LandingEnvContext);
}

function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** A link to another page of the app: routed in place when the host can, a page load otherwise. */
export function AppAnchor({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { navigate } = useLandingEnv();
  return (
    <a
      {...rest}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}

import { type CollectJs, type CollectJsOptions, providerGlobals } from "./provider-globals.ts";

/**
 * NMI Collect.js, configured once per loaded copy of the script (docs/decisions/0343).
 *
 * NMI documents one `CollectJS.configure()` carrying every field of the page (card fields, the
 * `googlePay` and `applePay` buttons) and the wallet sheet's `price`, `currency` and `country`;
 * it documents no second call and no way to change the price afterwards. So:
 * - the same configuration asked again (React StrictMode's second effect, a panel mounted again)
 *   reuses the configured copy: only the answer's receiver changes;
 * - a different one (another price, the card fields after the wallet buttons) loads a fresh copy
 *   of the script and configures that once, rather than calling `configure()` a second time.
 * The configuration's callbacks go to whoever asked last and is still mounted, so a token never
 * reaches a panel that is gone.
 */

interface Source {
  scriptUrl: string;
  tokenizationKey: string;
}

interface Copy {
  source: Source;
  script: HTMLScriptElement;
  loaded: Promise<CollectJs | null>;
  /** The configuration this copy was (or will be) given, without its functions. */
  shape: string;
  configured: boolean;
  owner: CollectJsOptions | null;
}

let copy: Copy | null = null;

function loadCopy(source: Source, shape: string): Copy {
  const script = document.createElement("script");
  script.src = source.scriptUrl;
  script.async = true;
  script.setAttribute("data-tokenization-key", source.tokenizationKey);
  script.setAttribute("data-variant", "inline");
  const loaded = new Promise<CollectJs | null>((resolve) => {
    script.addEventListener("load", () => {
      const collect = providerGlobals().CollectJS ?? null;
      if (!collect) console.warn("The Collect.js script loaded without CollectJS.");
      resolve(collect);
    });
    script.addEventListener("error", () => {
      // docs/product/calls-and-errors.md: a script that cannot load only warns; the caller shows it unavailable.
      console.warn(`The card-collection script ${source.scriptUrl} could not be loaded.`);
      script.remove();
      resolve(null);
    });
  });
  document.head.append(script);
  return { source, script, loaded, shape, configured: false, owner: null };
}

function discard(old: Copy) {
  old.script.remove();
  // The next copy defines its own CollectJS; the old one's must not be configured by mistake.
  delete (window as { CollectJS?: CollectJs }).CollectJS;
}

/** Functions of the one configuration, each passing the call to the current owner's own. */
function relayed(current: Copy, options: CollectJsOptions): CollectJsOptions {
  const owner = () => current.owner;
  return {
    ...options,
    callback: (response) => owner()?.callback(response),
    ...(options.validationCallback && {
      validationCallback: (field: string, valid: boolean, message: string) =>
        owner()?.validationCallback?.(field, valid, message),
    }),
    ...(options.timeoutCallback && { timeoutCallback: () => owner()?.timeoutCallback?.() }),
    ...(options.fieldsAvailableCallback && { fieldsAvailableCallback: () => owner()?.fieldsAvailableCallback?.() }),
  };
}

/** The loaded copy serves this configuration: not configured yet, or configured with the same one. */
const reusable = (existing: Copy, source: Source, shape: string) =>
  existing.script.isConnected &&
  existing.source.scriptUrl === source.scriptUrl &&
  existing.source.tokenizationKey === source.tokenizationKey &&
  (existing.shape === shape || !existing.configured);

export interface CollectJsLease {
  /** Collect.js once configured with these options; null when it cannot load or another caller took over. */
  ready: Promise<CollectJs | null>;
  /** The caller is gone: its callbacks no longer receive answers. */
  release(): void;
}

export function configureCollectJs(source: Source, options: CollectJsOptions): CollectJsLease {
  // JSON drops the callbacks: two configurations are the same when their fields and values are.
  const shape = JSON.stringify(options);
  if (!copy || !reusable(copy, source, shape)) {
    if (copy) discard(copy);
    copy = loadCopy(source, shape);
  }
  const current = copy;
  current.shape = shape;
  current.owner = options;
  const ready = current.loaded.then((collect) => {
    if (!collect || copy !== current || current.owner !== options) return null;
    if (!current.configured) {
      current.configured = true;
      collect.configure(relayed(current, options));
    }
    return collect;
  });
  return {
    ready,
    release: () => {
      if (current.owner === options) current.owner = null;
    },
  };
}

/**
 * Loads a provider's card-collection script once per page. Only the card screens call it, so no
 * other page carries card scripts (PCI-2). A script that cannot load only warns in the console
 * (docs/product/calls-and-errors.md): the form then shows that it is unavailable.
 */
const loading = new Map<string, Promise<boolean>>();

export function loadScript(src: string, attributes: Record<string, string> = {}): Promise<boolean> {
  const earlier = loading.get(src);
  if (earlier) return earlier;
  const promise = new Promise<boolean>((resolve) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.addEventListener("load", () => resolve(true));
    script.addEventListener("error", () => {
      console.warn(`The card-collection script ${src} could not be loaded.`);
      loading.delete(src);
      script.remove();
      resolve(false);
    });
    document.head.append(script);
  });
  loading.set(src, promise);
  return promise;
}

import { getHostConfig } from "../lib/host-config.ts";
import { useT } from "../lib/translator.ts";

/** The host's logo (docs/product/hosts-and-themes.md: the theme supplies it), sized by the host's login-box width where asked. */
export function Logo({ className }: { className?: string }) {
  const t = useT();
  const { brand } = getHostConfig();
  return <img className={className} src={brand.logo} alt={t("logo_alt", { brand: brand.name })} />;
}

import { isCardBrand } from "@estaciona/contracts";

/**
 * colour-lint: artwork — the networks' marks keep the networks' colours whatever the theme.
 * The card's brand mark (docs/product/constants.md: visa, mastercard, amex), drawn inline so no image is fetched.
 * `label` is the brand's name for assistive technology.
 */
export function CardBrandMark({ brand, label }: { brand: string; label: string }) {
  const common = { width: 48, height: 32, viewBox: "0 0 48 32", focusable: false } as const;
  if (!isCardBrand(brand))
    return (
      <svg {...common} className="card-brand card-brand-other" role="img" aria-label={label}>
        {/* No network's mark: a plain card in the theme's neutral tokens. */}
        <rect
          x="0.5"
          y="0.5"
          width="47"
          height="31"
          rx="4"
          style={{ fill: "var(--neutral-soft)", stroke: "var(--control-border)" }}
        />
        <rect x="0.5" y="7" width="47" height="6" style={{ fill: "var(--control-border)" }} />
        <rect x="6" y="20" width="18" height="4" rx="1" style={{ fill: "var(--control-border)" }} />
      </svg>
    );
  switch (brand) {
    case "visa":
      return (
        <svg {...common} className="card-brand card-brand-visa" role="img" aria-label={label}>
          <rect width="48" height="32" rx="4" fill="#1a1f71" />
          <path
            fill="#fff"
            d="M19.6 21.5h-2.7l1.7-10.9h2.7l-1.7 10.9Zm9.8-10.6a6.7 6.7 0 0 0-2.4-.4c-2.7 0-4.5 1.4-4.6 3.4 0 1.5 1.3 2.3 2.4 2.8 1 .5 1.4.8 1.4 1.3 0 .7-.9 1-1.7 1-1.1 0-1.7-.2-2.6-.6l-.4-.2-.4 2.3c.6.3 1.8.5 3 .5 2.9 0 4.7-1.4 4.7-3.5 0-1.2-.7-2.1-2.3-2.8-1-.5-1.5-.8-1.5-1.3 0-.4.5-.9 1.6-.9.9 0 1.6.2 2.1.4l.3.1.4-2.1Zm7 -.3h-2.1c-.6 0-1.1.2-1.4.9l-4 10h2.9l.6-1.6h3.5l.3 1.6H39l-2.6-10.9Zm-3.4 7 1.1-3 .6 3H33ZM14.6 10.6l-2.7 7.4-.3-1.5c-.5-1.7-2.1-3.6-3.9-4.5l2.5 9.5H13l4.4-10.9h-2.8Z"
          />
          <path fill="#f7b600" d="M9.6 10.6H5.1l-.1.2c3.5.9 5.8 3 6.7 5.5l-1-4.8c-.1-.7-.6-.9-1.1-.9Z" />
        </svg>
      );
    case "mastercard":
      return (
        <svg {...common} className="card-brand card-brand-mastercard" role="img" aria-label={label}>
          <rect width="48" height="32" rx="4" fill="#252525" />
          <circle cx="19" cy="16" r="9" fill="#eb001b" />
          <circle cx="29" cy="16" r="9" fill="#f79e1b" />
          <path fill="#ff5f00" d="M24 8.4a9 9 0 0 1 0 15.2 9 9 0 0 1 0-15.2Z" />
        </svg>
      );
    case "amex":
      return (
        <svg {...common} className="card-brand card-brand-amex" role="img" aria-label={label}>
          <rect width="48" height="32" rx="4" fill="#2e77bb" />
          <path
            fill="#fff"
            d="M7 20.5 9.6 11.5h2.6l2.6 9h-2.1l-.5-1.8H9.6l-.5 1.8H7Zm3-3.5h1.8l-.9-3.3-.9 3.3Zm5.4 3.5v-9h2.8l1.5 5.6 1.5-5.6H24v9h-1.9v-6.4l-1.7 6.4h-1.6l-1.7-6.4v6.4h-1.7Zm10.2 0v-9h6.2v1.7h-4.2v1.9h4v1.6h-4v2.1h4.3v1.7h-6.3Zm7.1 0 3-4.6-2.8-4.4h2.3l1.7 2.8 1.7-2.8h2.2l-2.8 4.4 3 4.6h-2.3l-1.8-3-1.9 3h-2.3Z"
          />
        </svg>
      );
  }
}

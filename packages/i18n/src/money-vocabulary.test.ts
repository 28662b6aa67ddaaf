import { describe, expect, it } from "vitest";
import { resources } from "./resources.ts";

/**
 * One name per breakdown line (issue 21 item 7, docs/decisions/0111): the fee engine's lines are
 * named once, in `parking.breakdown.*`, which every screen, e-mail and PDF reads. Any other text of
 * the catalogues that names one of those fees must use that very name, so a second name ("Cargo
 * por conveniencia" beside "Cargo por servicio") cannot creep in.
 */

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );

/** The ways a person might name each fee line, per language. */
const families = {
  es: {
    convenience_fee: /cargo(s)? por (servicio|conveniencia)|comisi[oó]n por servicio|tarifa de servicio/i,
    processing_fee: /comisi[oó]n(es)? por (el )?(pago con )?tarjeta|cargo(s)? por tarjeta|comisi[oó]n bancaria/i,
  },
  en: {
    convenience_fee: /convenience fee|service fee|service charge/i,
    processing_fee: /card (processing )?fee|processing fee/i,
  },
} as const;

describe("the money vocabulary", () => {
  for (const locale of ["es", "en"] as const) {
    const catalogue = resources[locale] as unknown as Record<string, Tree>;
    const breakdown = (catalogue.parking as Tree).breakdown as Record<string, string>;
    const texts = Object.entries(catalogue).flatMap(([ns, tree]) => leaves(tree, `${ns}.`));

    it(`names each fee one way in ${locale}: every text that names a fee uses parking.breakdown's name`, () => {
      for (const [line, pattern] of Object.entries(families[locale])) {
        const name = breakdown[line] as string;
        expect(name).toMatch(pattern);
        const strays = texts.filter(
          ([, text]) => pattern.test(text) && !text.toLowerCase().includes(name.toLowerCase()),
        );
        expect(strays, `${line} is "${name}"`).toEqual([]);
      }
    });

    it(`keeps the breakdown's lines in ${locale} and no e-mail writes a breakdown line ("Label: {{amount}}") of its own`, () => {
      expect(Object.keys(breakdown)).toEqual(
        expect.arrayContaining(["subtotal", "convenience_fee", "processing_fee", "tax", "discount", "total"]),
      );
      const feeLines = texts.filter(([, text]) =>
        /:\s*\{\{(subtotal|convenience_fee|processing_fee|tax|discount)\}\}/.test(text),
      );
      expect(feeLines).toEqual([]);
    });
  }
});

// The sandbox's hosted card form (served from /sandbox/, embedded by the SPA in an iframe).
// It tokenises the card with the sandbox and tells the parent page — same origin only — in the
// shape of the provider it stands in for: Conekta's component, NMI Collect.js or NetPay.
(() => {
  const config = JSON.parse(document.getElementById("sandbox-config").textContent);
  const form = document.getElementById("card-form");
  const errorBox = document.getElementById("error");
  // Collect.js hosts no button (the parent's own button asks for the token): it may be absent.
  const button = document.getElementById("submit");
  let submitting = false;
  const showBusy = (busy) => {
    if (!button) return;
    button.disabled = busy;
    button.textContent = busy ? config.strings.processing : config.strings.submit;
  };
  const field = (id) => document.getElementById(id);

  const tell = (message) => {
    if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
  };

  const successMessage = (token) => {
    const card = token.card;
    const mm = String(card.exp_month).padStart(2, "0");
    const yy = String(card.exp_year % 100).padStart(2, "0");
    if (config.provider === "nmi")
      return {
        type: "collectjs:token",
        tokenType: "inline",
        token: token.id,
        card: {
          number: `${card.bin}******${card.last4}`,
          bin: card.bin,
          exp: `${mm}${yy}`,
          type: card.brand,
        },
      };
    if (config.provider === "netpay")
      return {
        type: "netpay:token",
        token: token.id,
        card: { brand: card.brand, lastFourDigits: card.last4, expMonth: mm, expYear: yy },
      };
    return { type: "conekta:token", token: token.id };
  };

  const errorMessage = (code, message, param) => {
    if (config.provider === "nmi") return { type: "collectjs:validation", field: param, status: false, message };
    if (config.provider === "netpay") return { type: "netpay:error", code, message };
    return { type: "conekta:error", error: { object: "error", details: [{ code, param, message }] } };
  };

  const showError = (code, message, param) => {
    errorBox.textContent = message;
    const target = param === "number" ? "number" : param === "cvc" ? "cvc" : param ? "expiry" : null;
    for (const id of ["number", "expiry", "cvc"]) field(id).setAttribute("aria-invalid", String(id === target));
    if (target) field(target).focus();
    tell(errorMessage(code, message, param));
  };

  const submit = async () => {
    if (submitting) return;
    errorBox.textContent = "";
    const [month, year] = field("expiry").value.replace(/\s/g, "").split("/");
    submitting = true;
    showBusy(true);
    try {
      const response = await fetch("/sandbox/v1/tokens", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          number: field("number").value,
          exp_month: month ?? "",
          exp_year: year ?? "",
          cvc: field("cvc").value.trim(),
          // The NMI shape has no name field: the holder's name comes from the merchant's page.
          name: field("name")?.value ?? "",
          lang: config.lang,
        }),
      });
      const answer = await response.json();
      if (!response.ok) {
        showError(answer.error.code, answer.error.message, answer.error.param);
        return;
      }
      // Clear the card fields: the number leaves this frame only inside the tokenise call.
      field("number").value = "";
      field("cvc").value = "";
      tell(successMessage(answer));
    } catch {
      showError("network_error", config.strings.network_error, null);
    } finally {
      submitting = false;
      showBusy(false);
    }
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  // The parent may own the submit button (Collect.js style): `{ type: "sandbox:submit" }`.
  window.addEventListener("message", (event) => {
    if (event.origin !== window.location.origin || event.source !== window.parent) return;
    if (event.data && event.data.type === "sandbox:submit") submit();
  });
  tell({ type: "sandbox:ready", provider: config.provider });
})();

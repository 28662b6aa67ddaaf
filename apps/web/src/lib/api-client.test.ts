import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, setUnauthorizedHandler } from "./api-client.ts";
import { closeErrorDialog, errorDialogStore } from "./error-dialog.ts";
import { setNavigator } from "./navigation.ts";

const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

describe("api client (docs/product/calls-and-errors.md)", () => {
  const fetchMock = vi.fn<typeof fetch>();
  const navigate = vi.fn();
  const unauthorized = vi.fn();

  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    setNavigator(navigate);
    setUnauthorizedHandler(unauthorized);
    closeErrorDialog();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    navigate.mockReset();
    unauthorized.mockReset();
  });

  it("sends the Bearer token and the language", async () => {
    localStorage.setItem("access_token", "token-1");
    fetchMock.mockResolvedValue(answer(200, { data: { ok: true } }));
    await expect(apiRequest("GET", "user/view")).resolves.toEqual({ data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/user/view");
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer token-1");
    expect(headers["Accept-Language"]).toBe("en");
  });

  it("shows server_error for a 500", async () => {
    fetchMock.mockResolvedValue(answer(500, { error: "server_error", error_description: "boom" }));
    await expect(apiRequest("GET", "user/view")).rejects.toBeInstanceOf(ApiError);
    expect(errorDialogStore.get()).toBe("An error occurred, please try again later.");
  });

  it("shows server_error when there is no answer at all", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(apiRequest("GET", "user/view")).rejects.toMatchObject({ status: 0 });
    expect(errorDialogStore.get()).toBe("An error occurred, please try again later.");
  });

  it("says plainly that nothing was sent or paid when the browser is offline (docs/offline.md)", async () => {
    vi.stubGlobal("navigator", { ...navigator, onLine: false });
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(apiRequest("POST", "user/meter-session")).rejects.toMatchObject({
      status: 0,
      description: "No connection: nothing was sent or paid.",
    });
    expect(errorDialogStore.get()).toBe("No connection: nothing was sent or paid.");
  });

  it("shows the catalogue's message for a coded error", async () => {
    fetchMock.mockResolvedValue(answer(409, { error: "vehicle_already_exist", error_description: "ignored" }));
    await expect(apiRequest("POST", "user/vehicle", { body: {} })).rejects.toMatchObject({
      code: "vehicle_already_exist",
    });
    expect(errorDialogStore.get()).toBe("This plate is already registered.");
  });

  it("falls back to the server's description for an unknown code", async () => {
    fetchMock.mockResolvedValue(answer(422, { error: "something_new", error_description: "Something new failed." }));
    await expect(apiRequest("POST", "user/vehicle", { body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(errorDialogStore.get()).toBe("Something new failed.");
  });

  it("shows how long to wait for a rate limit, which the generic code's message cannot say", async () => {
    fetchMock.mockResolvedValue(
      answer(429, {
        error: "action_not_available",
        error_description: "Too many attempts. Please wait 5 min and try again.",
      }),
    );
    await expect(apiRequest("POST", "open/user", { body: {} })).rejects.toMatchObject({ status: 429 });
    expect(errorDialogStore.get()).toBe("Too many attempts. Please wait 5 min and try again.");
  });

  it("logs out on a 401 with a token", async () => {
    localStorage.setItem("access_token", "expired");
    fetchMock.mockResolvedValue(answer(401, { error: "authentication_error", error_description: "x" }));
    await expect(apiRequest("GET", "user/view")).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toHaveBeenCalledOnce();
    expect(errorDialogStore.get()).toBeNull();
  });

  it("goes to /notfound on a 404", async () => {
    fetchMock.mockResolvedValue(answer(404, { error: "object_not_found", error_description: "x" }));
    await expect(apiRequest("GET", "user/visit/abc")).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith("/notfound", undefined);
  });

  it("leaves every failure to the caller when asked", async () => {
    fetchMock.mockResolvedValue(answer(400, { error: "invalid_grant", error_description: "x" }));
    await expect(apiRequest("POST", "oauth/v2/token", { body: {}, handleErrors: false })).rejects.toMatchObject({
      code: "invalid_grant",
    });
    expect(errorDialogStore.get()).toBeNull();
  });
});

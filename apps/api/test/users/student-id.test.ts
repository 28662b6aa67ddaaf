import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp, testEngine } from "../support/helpers.ts";

/** `PUT user/edit` reads the one student-id rule of the contracts (docs/decisions/0250). */
describe(`the student id rule (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  const edit = (headers: Record<string, string>, studentId: string, language = "en") =>
    app.inject({
      method: "PUT",
      url: "/api/user/edit",
      headers: { ...headers, "accept-language": language },
      payload: { first_name: "Sofía", last_name: "Ruiz", student_id: studentId },
    });

  it("stores a well-formed id trimmed and upper-cased", async () => {
    const driver = await createSignedInUser(app);
    for (const [typed, stored] of [
      [" a01234567 ", "A01234567"],
      ["2024-0153", "2024-0153"],
      ["ab12", "AB12"],
    ] as const) {
      const answer = await edit(driver.headers, typed);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().data.student_id).toBe(stored);
    }
  });

  it("refuses a malformed id with invalid_data and says what an id looks like, keeping the stored one", async () => {
    const driver = await createSignedInUser(app);
    expect((await edit(driver.headers, "A01234567")).statusCode).toBe(200);
    for (const malformed of ["X1", "A0123 4567", "A0123*", "-A0123", "A--0123", "A".repeat(21), "Ñ0123"]) {
      const answer = await edit(driver.headers, malformed);
      expect({ malformed, status: answer.statusCode, body: answer.json() }).toEqual({
        malformed,
        status: 422,
        body: {
          error: "invalid_data",
          error_description: "Enter your student ID as it is on your card: 4 to 20 letters or digits.",
        },
      });
    }
    expect((await edit(driver.headers, "x", "es")).json().error_description).toBe(
      "Escribe tu matrícula como aparece en tu credencial: de 4 a 20 letras o números.",
    );
    // A blank id is refused as well: the field is there, so it is invalid_data rather than missing.
    expect((await edit(driver.headers, "  ")).json().error).toBe("invalid_data");
    const row = await app.db
      .selectFrom("users")
      .select("student_id")
      .where("id", "=", driver.user.id)
      .executeTakeFirstOrThrow();
    expect(row.student_id).toBe("A01234567");
  });
});

import { SUCCESS_TOAST_MS } from "@estaciona/contracts";
import { toast } from "sonner";

/** Success toasts stay 3000 ms (docs/product/constants.md). Only the lazy screens use toasts, so sonner stays out of the entry. */
export function notifySuccess(message: string): void {
  toast.success(message, { duration: SUCCESS_TOAST_MS });
}

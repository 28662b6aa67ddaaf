/** Signs that cannot be faked (docs/decisions/0287, 0311): the landing's check and the app's own QR scanner. */
export const signs = {
  checking: "Checking this sign…",
  verified: "Verified: {{operator}}",
  verified_detail: "This sign was issued by {{operator}} for {{place}}.",
  forged_title: "This sign could not be verified",
  forged_detail:
    "Its code does not match this place: the sticker may be fake. Do not pay from a link you do not trust; find the place by the number on the sign instead.",
  scan_open: "Scan a sign's QR",
  scan_hint: "Opens only signs of this site, checked before anything opens.",
  scan_title: "Scan a sign's QR",
  scan_intro: "Point the camera at the QR code on the sign. We check it before opening anything.",
  camera_label: "Camera view",
  camera_starting: "Starting the camera…",
  camera_blocked: "The camera is not available. You can read a photo of the sign instead.",
  camera_reading: "Looking for a QR code…",
  photo: "Read a photo of the sign",
  photo_unreadable: "No QR code was found in that photo. Try a closer, sharper one.",
  result_checking: "Checking the code…",
  result_verified: "Verified: {{operator}}. Opening {{place}}…",
  result_foreign_title: "This code is not one of our signs",
  result_foreign:
    "It leads somewhere else ({{where}}), not to this site. Paying there could send your money to someone else: it was not opened.",
  result_foreign_text: "It is not a link to this site, so it was not opened.",
  result_unsigned_title: "This sign has no signature",
  result_unsigned:
    "The link is on our site but carries no operator's signature, so we cannot tell who printed it. Find the place by the number on the sign instead.",
  result_forged_title: "This sign is forged",
  result_forged:
    "It looks like one of our signs, but its signature does not match the place. Do not pay through it; tell the operator or find the place by the number on the sign.",
  result_unavailable: "The code could not be checked now. Try again in a moment.",
  scan_again: "Scan another code",
};

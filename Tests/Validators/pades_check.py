"""Validates the PAdES signatures of PDFs with pyHanko (PyPI), against a given root as the only trust anchor.

Usage: pades_check.py [--password PW] ROOT.pem FILE.pdf...  (PW opens encrypted files.) Prints a JSON list with, per file, what pyHanko found:
`count` (signatures), then for the last signature `intact` (the digest matches), `valid` (the
signature value verifies), `trusted` (the chain ends at ROOT), `coverage` (ENTIRE_FILE when the byte
range covers the whole file), `subfilter`, `digest`, `signed_attributes` (their names), `signer`,
`signing_time` (the /M entry), and `timestamp` (validity and time of a signature time stamp, or null).
A file pyHanko cannot read has `error` instead.
"""
import json
import logging
import sys
import warnings

warnings.filterwarnings("ignore")
logging.disable(logging.CRITICAL)

from asn1crypto import pem, x509  # noqa: E402
from pyhanko.pdf_utils.reader import PdfFileReader  # noqa: E402
from pyhanko.sign.validation import validate_pdf_signature  # noqa: E402
from pyhanko_certvalidator import ValidationContext  # noqa: E402


def root_certificate(path):
    with open(path, "rb") as handle:
        data = handle.read()
    if pem.detect(data):
        _, _, data = pem.unarmor(data)
    return x509.Certificate.load(data)


def check(path, context, password):
    with open(path, "rb") as handle:
        reader = PdfFileReader(handle, strict=False)
        if reader.encrypted:
            reader.decrypt(password or "")
        signatures = reader.embedded_signatures
        result = {"file": path, "count": len(signatures)}
        if not signatures:
            return result
        signature = signatures[-1]
        status = validate_pdf_signature(signature, context)
        signer_info = signature.signer_info
        attributes = [attribute["type"].native for attribute in signer_info["signed_attrs"]]
        stamp = status.timestamp_validity
        result.update(
            intact=status.intact,
            valid=status.valid,
            trusted=status.trusted,
            coverage=status.coverage.name,
            subfilter=str(signature.sig_object.get("/SubFilter")),
            digest=signature.md_algorithm,
            signed_attributes=attributes,
            signer=status.signing_cert.subject.human_friendly,
            signing_time=str(signature.sig_object.get("/M")),
            timestamp=None
            if stamp is None
            else {"intact": stamp.intact, "valid": stamp.valid, "trusted": stamp.trusted,
                  "time": stamp.timestamp.isoformat()},
        )
        return result


def main():
    arguments = sys.argv[1:]
    password = None
    if arguments[:1] == ["--password"]:
        password, arguments = arguments[1], arguments[2:]
    root = root_certificate(arguments[0])
    results = []
    for path in arguments[1:]:
        context = ValidationContext(trust_roots=[root], allow_fetching=False, revocation_mode="soft-fail")
        try:
            results.append(check(path, context, password))
        except Exception as error:  # pyHanko's own reason, for the test's message
            results.append({"file": path, "error": f"{type(error).__name__}: {error}"})
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()

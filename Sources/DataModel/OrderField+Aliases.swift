/// Other names real exports give the orders CSV's columns (spreadsheets, shops, accounting tools).
extension OrderField {
  /// The field a header means when it is not a canonical name, as written by common exports.
  ///
  /// Aliases are read only for fields no column names canonically (or through the config's
  /// `columns`), and each field takes the first column whose header is one of its aliases. Names
  /// that mean different things in different exports ("Name", "Tax", "Amount", "Total") are not
  /// aliases: map them in the config.
  public init?(alias header: String) {
    guard let field = OrderField.byAlias[OrderField.aliasKey(header)] else { return nil }
    self = field
  }

  /// `header` normalized as for canonical names, and without `#`, `.`, `:`, `(`, `)`, `'` and `/`.
  public static func aliasKey(_ header: String) -> String {
    String(
      normalize(header).unicodeScalars.filter { !"#.:()'/".unicodeScalars.contains($0) })
  }

  /// The alias names per field, in the form `aliasKey` gives.
  public static let aliases: [OrderField: [String]] = [
    .invoiceNumber: [
      "invoice", "invoiceno", "invoicenr", "invoiceid", "invoicenum", "invno", "invnumber", "invoiceref",
      "documentnumber", "documentno", "billnumber", "billno", "ordernumber", "orderno", "orderid", "order",
      "rechnungsnummer", "rechnungsnr", "rechnung", "numérodefacture", "numérofacture", "nfacture",
      "númerodefactura", "numerodefactura", "numerofattura", "factuurnummer",
    ],
    .invoiceDate: [
      "date", "issuedate", "dateofissue", "issuedon", "issued", "dateissued", "billdate", "documentdate",
      "orderdate", "createdat", "created", "rechnungsdatum", "datum", "datefacture", "datedefacture",
      "fechafactura", "fecha",
      "datafattura", "factuurdatum",
    ],
    .dueDate: [
      "due", "dueon", "paymentdue", "paymentduedate", "datedue", "fälligkeit", "fälligkeitsdatum",
      "fälligam", "échéance", "dateéchéance", "datedéchéance", "fechavencimiento", "vencimiento",
      "scadenza", "vervaldatum",
    ],
    .currency: ["currencycode", "ccy", "curr", "währung", "devise", "moneda", "valuta"],
    .customerId: [
      "clientid", "customerno", "customernumber", "customernr", "clientno", "clientnumber", "accountnumber",
      "accountid", "buyerid", "kundennummer", "kundennr", "numéroclient", "idcliente",
    ],
    .customerName: [
      "customer", "client", "clientname", "buyer", "buyername", "billto", "billtoname", "billingname",
      "company", "companyname", "kunde", "kundenname", "empfänger", "nomclient", "nomduclient", "cliente",
      "klant",
    ],
    .customerAddress: [
      "address", "billingaddress", "billtoaddress", "clientaddress", "buyeraddress", "adresse", "anschrift",
      "rechnungsadresse", "adresseclient", "dirección", "direccion", "indirizzo", "adres",
    ],
    .customerEmail: [
      "email", "emailaddress", "clientemail", "billingemail", "buyeremail", "mail", "courriel", "correo",
    ],
    .customerVatId: [
      "vatid", "vatnumber", "vatno", "vatregistrationnumber", "taxid", "taxnumber", "customertaxid",
      "clientvatid", "buyervatid", "ustid", "ustidnr", "uidnummer", "numérotva", "tvaintracommunautaire",
      "nif", "cif", "partitaiva", "btwnummer",
    ],
    .description: [
      "item", "itemname", "itemdescription", "product", "productname", "productdescription", "lineitem",
      "lineitemname", "service", "article", "articlename", "details", "bezeichnung", "beschreibung",
      "artikel", "leistung", "désignation", "designation", "libellé", "descripción", "descripcion",
      "concepto", "descrizione", "omschrijving",
    ],
    .quantity: [
      "qty", "quantité", "qté", "menge", "anzahl", "cantidad", "quantità", "lineitemquantity", "aantal",
    ],
    .unitPrice: [
      "price", "unitcost", "rate", "priceperunit", "lineitemprice", "itemprice", "netprice",
      "unitnetprice", "einzelpreis", "preis", "stückpreis", "prixunitaire", "prix", "prixunitaireht",
      "preciounitario", "precio", "prezzounitario", "prezzo", "stukprijs", "prijs",
    ],
    .sku: [
      "itemcode", "productcode", "productid", "itemid", "itemnumber", "articlenumber", "articleno",
      "partnumber", "partno", "lineitemsku", "artikelnummer", "artnr", "codearticle", "código", "codice",
    ],
    .unit: ["uom", "unitofmeasure", "einheit", "unité", "unidad", "unità", "eenheid"],
    .taxRate: [
      "vatrate", "vat%", "tax%", "taxrate%", "vatpercent", "taxpercent", "taxpercentage", "vatpercentage",
      "gstrate", "salestaxrate", "mwst%", "mwstsatz", "ust%", "ustsatz", "steuersatz", "tauxtva", "tva%",
      "iva%", "tipoiva", "aliquotaiva", "btw%", "btwtarief",
    ],
    .discount: [
      "discount%", "discountpercent", "discountrate", "rabatt", "rabatt%", "remise%", "descuento%",
    ],
    .locale: ["language", "lang", "sprache", "langue", "idioma", "lingua", "taal"],
    .notes: [
      "note", "comment", "comments", "memo", "remarks", "bemerkung", "bemerkungen", "notiz", "remarque",
    ],
    .purchaseOrder: [
      "po", "ponumber", "pono", "purchaseordernumber", "purchaseorderno", "customerreference",
      "yourreference", "bestellnummer", "bondecommande",
    ],
    .pricesIncludeTax: [
      "taxincluded", "vatincluded", "pricesincludevat", "pricesincludetax", "grossprices", "taxinclusive",
    ],
    .taxExemptionReason: ["exemptionreason", "taxexemption", "vatexemptionreason", "taxexemptreason"],
  ]

  private static let byAlias: [String: OrderField] = {
    var table: [String: OrderField] = [:]
    for (field, names) in aliases {
      for name in names { table[aliasKey(name)] = field }
    }
    return table
  }()
}

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
    .currency: ["ordercurrency", "currencycode", "ccy", "curr", "währung", "devise", "moneda", "valuta"],
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
      "qty", "itemquantity", "itemqty", "quantité", "qté", "menge", "anzahl", "cantidad", "quantità",
      "lineitemquantity", "aantal",
    ],
    .unitPrice: [
      "price", "unitcost", "rate", "priceperunit", "lineitemprice", "itemprice", "netprice",
      "unitnetprice", "einzelpreis", "preis", "stückpreis", "prixunitaire", "prix", "prixunitaireht",
      "preciounitario", "precio", "prezzounitario", "prezzo", "stukprijs", "prijs",
    ],
    .sku: [
      "itemsku", "itemcode", "productcode", "productid", "itemnumber", "articlenumber", "articleno",
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
    .purchaseOrder: [
      "po", "ponumber", "pono", "purchaseordernumber", "purchaseorderno", "customerreference",
      "yourreference", "bestellnummer", "bondecommande",
    ],
    .pricesIncludeTax: [
      "taxincluded", "vatincluded", "pricesincludevat", "pricesincludetax", "grossprices", "taxinclusive",
    ],
    .taxExemptionReason: ["exemptionreason", "taxexemption", "vatexemptionreason", "taxexemptreason"],
    .discountAmount: [
      "lineitemdiscount", "linediscount", "linediscountamount", "itemdiscount", "itemdiscountamount",
      "discountperline",
    ],
    .shipping: [
      "shippingamount", "shippingcost", "shippingcosts", "shippingtotal", "shippingprice", "shippingfee",
      "ordershippingamount", "shippingcharge", "freight", "deliverycharge", "deliverycost", "versandkosten",
      "versand", "fraisdeport", "fraisdelivraison", "gastosdeenvío", "gastosdeenvio", "spesedispedizione",
      "verzendkosten",
    ],
    .shippingTaxRate: ["shippingvatrate", "shippingrate%", "shippingvat%", "shippingtax%"],
    .orderDiscount: [
      "discountamount", "orderdiscount", "orderdiscountamount", "cartdiscount", "discounttotal",
      "totaldiscount", "totaldiscounts", "couponamount", "voucheramount", "gutschein", "rabattbetrag",
    ],
    .orderDiscountReason: [
      "discountcode", "discountcodes", "couponcode", "coupon", "vouchercode", "voucher",
    ],
    .taxAmount: [
      "taxes", "taxtotal", "totaltax", "totaltaxes", "ordertotaltax", "ordertax", "salestax",
      "salestaxamount", "vatamount", "totalvat", "vattotal",
    ],
    .taxName: ["tax1name", "taxlabel", "taxdescription", "salestaxname"],
    .expectedTotal: [
      "total", "ordertotal", "ordertotalamount", "grandtotal", "totalamount", "amountpaid", "totalpaid",
      "totalprice", "gesamtbetrag", "rechnungsbetrag", "bruttobetrag", "montanttotal", "totalttc",
    ],
    .status: [
      "financialstatus", "orderstatus", "paymentstatus", "zahlungsstatus", "bestellstatus", "statut",
      "estado",
    ],
    .customerFirstName: ["billingfirstname", "firstname", "givenname", "vorname", "prénom", "prenom"],
    .customerLastName: ["billinglastname", "lastname", "familyname", "surname", "nachname"],
    .customerStreet: [
      "billingaddress1", "billingaddressline1", "address1", "addressline1", "street", "streetaddress",
      "straße", "strasse",
    ],
    .customerStreet2: ["billingaddress2", "billingaddressline2", "address2", "addressline2"],
    .customerPostcode: [
      "billingzip", "billingpostcode", "billingpostalcode", "zip", "zipcode", "postcode", "postalcode",
      "plz", "postleitzahl", "codepostal",
    ],
    .customerCity: ["billingcity", "city", "ort", "stadt", "ville", "ciudad", "città", "town"],
    .customerRegion: [
      "billingprovince", "billingstate", "billingregion", "billingcounty", "province", "region", "county",
      "bundesland",
    ],
    .taxCategory: ["vatcategory", "vatcategorycode", "taxcategorycode", "taxcode", "steuerkategorie"],
    .buyerReference: ["leitwegid", "leitweg", "buyerref", "käuferreferenz"],
    .deliveryDate: [
      "dateofsupply", "supplydate", "servicedate", "leistungsdatum", "lieferdatum", "shipdate",
    ],
    .billingPeriodStart: ["periodstart", "servicestart", "leistungszeitraumvon"],
    .billingPeriodEnd: ["periodend", "serviceend", "leistungszeitraumbis"],
    .customerCompanyId: [
      "customersiren", "buyersiren", "siren", "customerregistrationnumber", "buyerlegalid",
    ],
    .exchangeRate: ["kurswaluty", "kurs", "fxrate", "currencyrate", "wechselkurs", "tauxdechange"],
    .splitPayment: ["mpp", "splitpaymentmechanism", "mechanizmpodzielonejplatnosci", "podzielonaplatnosc"],
    .operationNature: ["natureofoperations", "natureoperation", "naturedesoperations", "supplytype"],
    .precedingInvoice: ["originalinvoice", "correctedinvoice", "referencedinvoice", "ursprungsrechnung"],
    .customerElectronicAddress: ["buyerelectronicaddress", "peppolid", "buyerendpoint", "endpointid"],
    .customerElectronicAddressScheme: ["endpointscheme", "peppolscheme"],
    .refundedAmount: [
      "refundedamount", "refundamount", "amountrefunded", "totalrefunded", "erstattetbetrag",
    ],
    .lineAmount: ["itemsubtotal", "lineitemsubtotal", "linesubtotal", "lineamountbeforediscount"],
    .customerCountry: ["billingcountry", "billingcountrycode", "country", "countrycode", "land", "pays"],
  ]

  private static let byAlias: [String: OrderField] = {
    var table: [String: OrderField] = [:]
    for (field, names) in aliases {
      for name in names { table[aliasKey(name)] = field }
    }
    return table
  }()
}

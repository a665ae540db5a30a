// The streaming finishing pass over cairo's PDF (see pdf_content.h).
#include "ContentMarking.hpp"
#include "PDFSyntax.hpp"
#include "TextJoining.hpp"
#include "pdf_content.h"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace invoicegen {
namespace {

/// A zlib compressor kept for the thread's life: `deflateInit` allocates and clears a quarter of a
/// megabyte, more than compressing one invoice's small streams costs; a reset reuses it.
class Deflater {
  public:
    /// zlib's match search tuned past its level's table (`deflateTune`), for data of one known shape.
    struct Tuning {
        int goodLength, maxLazy, niceLength, maxChain;
    };

    explicit Deflater(int level, std::optional<Tuning> tuning = std::nullopt) : level(level), tuning(tuning) {}
    ~Deflater() {
        if (ready) deflateEnd(&stream);
    }

    /// `length` bytes at `data` compressed; the view lives until the next call.
    std::string_view operator()(char const *data, size_t length) {
        if (!ready) {
            if (deflateInit(&stream, level) != Z_OK) throw std::runtime_error("zlib could not start");
            ready = true;
        } else if (deflateReset(&stream) != Z_OK) {
            throw std::runtime_error("zlib could not restart");
        }
        // A reset restores the level's own search parameters, so the tuning is applied to every stream.
        if (tuning && deflateTune(&stream, tuning->goodLength, tuning->maxLazy, tuning->niceLength,
                                  tuning->maxChain) != Z_OK) {
            throw std::runtime_error("zlib could not be tuned");
        }
        size_t const bound = deflateBound(&stream, uLong(length));
        if (buffer.size() < bound) buffer.resize(bound);  // grows only: no clearing per stream
        stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data));
        stream.avail_in = uInt(length);
        stream.next_out = reinterpret_cast<Bytef *>(&buffer[0]);
        stream.avail_out = uInt(bound);
        if (deflate(&stream, Z_FINISH) != Z_STREAM_END) throw std::runtime_error("zlib could not compress");
        return std::string_view(buffer.data(), stream.total_out);
    }

  private:
    int level;
    std::optional<Tuning> tuning;
    z_stream stream{};
    bool ready = false;
    std::string buffer;
};

/// `data` compressed with zlib at level 6, as cairo compresses; the view lives until the next call on this thread.
std::string_view deflated(std::string const &data) {
    thread_local Deflater deflater(6);
    return deflater(data.data(), data.size());
}

/// An object stream's `data` compressed; the view lives until the next call on this thread.
///
/// Its objects differ only in their numbers, so a match is worth waiting for: level 6 with lazy
/// matching up to 32 bytes (not 16) and half its chain makes a tagged 10,000-row table's object
/// streams 7 % smaller (867 to 808 kB) in a quarter less time (zlib 1.2.13, `deflateTune`).
std::string_view deflatedObjects(std::string const &data) {
    thread_local Deflater deflater(6, Deflater::Tuning{8, 32, 128, 64});
    return deflater(data.data(), data.size());
}

/// `data` (zlib) decompressed.
std::string inflated(char const *data, size_t length) {
    thread_local struct Inflater {
        z_stream stream{};
        bool ready = false;
        ~Inflater() {
            if (ready) inflateEnd(&stream);
        }
    } inflater;
    z_stream &stream = inflater.stream;
    if (!inflater.ready) {
        if (inflateInit(&stream) != Z_OK) throw std::runtime_error("zlib could not start");
        inflater.ready = true;
    } else if (inflateReset(&stream) != Z_OK) {
        throw std::runtime_error("zlib could not restart");
    }
    std::string out;
    out.resize(length * 4 + 1024);
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data));
    stream.avail_in = uInt(length);
    stream.total_out = 0;
    while (true) {
        stream.next_out = reinterpret_cast<Bytef *>(&out[stream.total_out]);
        stream.avail_out = uInt(out.size() - stream.total_out);
        int const status = inflate(&stream, Z_NO_FLUSH);
        if (status == Z_STREAM_END) break;
        if (status != Z_OK && status != Z_BUF_ERROR) throw std::runtime_error("a page content stream does not decompress");
        if (stream.avail_out == 0) {
            out.resize(out.size() * 2);
        } else if (stream.avail_in == 0) {
            throw std::runtime_error("a page content stream ends early");
        }
    }
    out.resize(stream.total_out);
    return out;
}

/// Appends the decimal digits of `value` to `out` (std::to_string makes a string each time).
void appendNumber(std::string &out, uint64_t value) {
    char digits[24];
    int length = 0;
    do {
        digits[length++] = char('0' + value % 10);
        value /= 10;
    } while (value != 0);
    while (length > 0) out += digits[--length];
}

/// Appends the reference `number 0 R` to `out`.
void appendReference(std::string &out, uint32_t number) {
    appendNumber(out, number);
    out += " 0 R";
}

/// One child of a structure element: an element, marked content on a page, or an annotation.
struct Kid {
    enum Kind : uint8_t { element, content, annotation };
    Kind kind;
    uint32_t object;  // the element or annotation
    uint32_t page;    // the page object (content, annotation)
    uint32_t mcid;
};

/// A structure element until it is written.
struct Element {
    std::string type;
    uint32_t object = 0;
    uint32_t parentObject = 0;
    std::vector<Kid> kids;
    std::string alt;
    std::string scope;
    bool closed = false;
};

/// A link annotation to write with its page.
struct Link {
    int32_t element;
    double rect[4];
    std::string uri;
    std::string destination;
};

/// What the renderer said about one page: which element each BEGIN marker opens, what each INSERT
/// marker stands for, and its links.
struct PageRecord {
    std::vector<int32_t> markers;
    std::vector<std::string> insertions;
    std::vector<Link> links;
};

/// A stream of cairo's held back until the page that may use it as content is known.
struct HeldStream {
    uint32_t number;
    std::string dictionary;  // renumbered, with its /Length left out
    std::string data;
};

class Finisher {
  public:
    Finisher(ig_finisher_options const &options, ig_finisher_write_fn write, void *context)
        : write(write), context(context) {
        tagged = options.tagged != 0;
        archival = options.archival != 0;
        if (options.language) language = options.language;
        if (options.xmp) xmp.assign(options.xmp, options.xmp_length);
        for (size_t index = 0; options.info != nullptr && index + 1 < options.info_count * 2; index += 2) {
            info += std::string(options.info[index]) + " " + textString(options.info[index + 1]) + " ";
        }
        if (options.icc) icc.assign(reinterpret_cast<char const *>(options.icc), options.icc_length);
        if (options.attachment_name) {
            attachment.name = options.attachment_name;
            attachment.mime = options.attachment_mime ? options.attachment_mime : "application/octet-stream";
            attachment.description = options.attachment_description ? options.attachment_description : "";
            attachment.relationship = options.attachment_relationship ? options.attachment_relationship : "Data";
            attachment.date = options.attachment_date ? options.attachment_date : "";
            attachment.data.assign(reinterpret_cast<char const *>(options.attachment_data), options.attachment_length);
            hasAttachment = true;
        }
        emit("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n");
        if (tagged) {
            structTreeRoot = allocate();
            Element document;
            document.type = "Document";
            document.object = documentObject = allocate();
            document.parentObject = structTreeRoot;
            elements.emplace(0, std::move(document));
        }
        if (options.signature_capacity > 0) {
            signature.capacity = options.signature_capacity;
            signature.name = options.signature_name ? options.signature_name : "Signature";
            signature.description = options.signature_description ? options.signature_description : signature.name;
            signature.date = options.signature_date ? options.signature_date : "";
            signature.field = allocate();
            signature.value = allocate();
            if (tagged) signature.form = allocate();
        }
    }

    /// Where the signature's placeholders are, once the file is finished with one.
    bool signatureSlot(ig_signature_slot &slot) const {
        if (!finished || !signature.written) return false;
        slot = signature.slot;
        return true;
    }

    // MARK: - The renderer's structure

    int32_t open(char const *type, int32_t parent, char const *alt, char const *scope) {
        int32_t const index = nextElement++;
        Element element;
        element.type = type;
        element.object = allocate();
        if (alt) element.alt = alt;
        if (scope) element.scope = scope;
        auto found = elements.find(parent);
        if (found == elements.end()) found = elements.find(0);
        if (found != elements.end()) {
            element.parentObject = found->second.object;
            found->second.kids.push_back({Kid::element, element.object, 0, 0});
        }
        elements.emplace(index, std::move(element));
        return index;
    }

    void close(int32_t index) {
        auto found = elements.find(index);
        if (found == elements.end() || found->second.closed) return;
        found->second.closed = true;
        closedElements.push_back({index, pagesEnded});
    }

    void mark(int32_t element) { current.markers.push_back(element); }

    int32_t insert(std::string operators) {
        current.insertions.push_back(std::move(operators));
        return int32_t(current.insertions.size() - 1);
    }

    void link(Link link) { current.links.push_back(std::move(link)); }

    void endPage() {
        ++pagesEnded;
        pages.push_back(std::move(current));
        current = PageRecord();
    }

    // MARK: - Cairo's bytes

    void take(unsigned char const *bytes, size_t length) {
        input.append(reinterpret_cast<char const *>(bytes), length);
        // Cairo writes in small pieces (a font's widths number by number): an object is read again
        // only once a new `endobj` or `%%EOF` has arrived, never once per piece.
        size_t const from = waitFrom > 8 ? waitFrom - 8 : 0;
        if (memmem(input.data() + from, input.size() - from, "endobj", 6) == nullptr &&
            (!sawCatalog || memmem(input.data() + from, input.size() - from, "%%EOF", 5) == nullptr)) {
            waitFrom = input.size();
            return;
        }
        while (!finished && step()) {
        }
        waitFrom = input.size();
        if (position > (1 << 16)) {
            input.erase(0, position);
            waitFrom -= position;
            position = 0;
        }
    }

    void finish() {
        if (!finished) throw std::runtime_error("cairo's PDF ended before its trailer");
        if (output.failed) throw std::runtime_error("the PDF could not be written");
    }

  private:
    // MARK: Output

    ig_finisher_write_fn write;
    void *context;
    struct {
        uint64_t offset = 0;
        uLong crc = crc32(0, nullptr, 0);
        bool failed = false;
    } output;

    void emit(char const *bytes, size_t length) {
        if (length == 0) return;
        if (write(context, reinterpret_cast<unsigned char const *>(bytes), length) != 0) {
            output.failed = true;
            throw std::runtime_error("the PDF could not be written");
        }
        output.crc = crc32(output.crc, reinterpret_cast<Bytef const *>(bytes), uInt(length));
        output.offset += length;
    }
    void emit(std::string const &text) { emit(text.data(), text.size()); }

    // MARK: Object numbers

    /// Where each output object is: its offset + 1 (0 when not written yet), or, with the top bit,
    /// the object stream (bits 20…62) and index (bits 0…19) that hold it.
    /// A deque, not a vector: a million objects never need a doubled copy while growing.
    std::deque<uint64_t> xref{0};
    std::vector<uint32_t> cairoNumbers;  // cairo's object number → ours (0: none yet)
    uint32_t allocate() {
        xref.push_back(0);
        return uint32_t(xref.size() - 1);
    }
    uint32_t map(uint32_t cairo) {
        if (cairo >= cairoNumbers.size()) cairoNumbers.resize(size_t(cairo) + 64, 0);
        if (cairoNumbers[cairo] == 0) cairoNumbers[cairo] = allocate();
        return cairoNumbers[cairo];
    }
    std::function<uint32_t(uint32_t)> const mapper = [this](uint32_t cairo) { return map(cairo); };

    std::string renumbered(char const *begin, char const *end) {
        std::string out;
        copyRenumbered(begin, end, out, mapper);
        return out;
    }
    std::string renumbered(std::string const &text) { return renumbered(text.data(), text.data() + text.size()); }

    /// Writes object `number` with `body` (a complete object, or a dictionary followed by stream data).
    void writeObject(uint32_t number, std::string const &body) {
        xref[number] = output.offset + 1;
        emit(std::to_string(number) + " 0 obj\n");
        emit(body);
        emit("\nendobj\n");
    }

    void writeStream(uint32_t number, std::string const &dictionaryEntries, char const *data, size_t length) {
        xref[number] = output.offset + 1;
        emit(std::to_string(number) + " 0 obj\n<<" + dictionaryEntries + " /Length " + std::to_string(length) +
             " >>\nstream\n");
        emit(data, length);
        emit("\nendstream\nendobj\n");
    }
    void writeStream(uint32_t number, std::string const &dictionaryEntries, std::string_view data) {
        writeStream(number, dictionaryEntries, data.data(), data.size());
    }

    /// Small objects of ours, packed into compressed object streams of up to 1,000 (a 10,000-row table
    /// report is 5 % smaller than with 200: the references repeat within a longer window).
    struct {
        std::vector<uint32_t> numbers;
        std::string offsets;
        std::string body;
    } packing;

    void pack(uint32_t number, std::string const &body) {
        if (archival) {
            // PDF/A files keep classic cross-reference tables and plain objects (PDF/A-1 readers and
            // validators such as PDFBox Preflight refuse object streams).
            writeObject(number, body);
            return;
        }
        appendNumber(packing.offsets, number);
        packing.offsets += ' ';
        appendNumber(packing.offsets, packing.body.size());
        packing.offsets += ' ';
        packing.body += body;
        packing.body += '\n';
        packing.numbers.push_back(number);
        if (packing.numbers.size() >= 1000) flushPacking();
    }

    void flushPacking() {
        if (packing.numbers.empty()) return;
        uint32_t const stream = allocate();
        std::string_view const data = deflatedObjects(packing.offsets + packing.body);
        writeStream(stream,
                    " /Type /ObjStm /N " + std::to_string(packing.numbers.size()) + " /First " +
                        std::to_string(packing.offsets.size()) + " /Filter /FlateDecode",
                    data);
        for (size_t index = 0; index < packing.numbers.size(); ++index) {
            xref[packing.numbers[index]] = (uint64_t(1) << 63) | (uint64_t(stream) << 20) | uint64_t(index);
        }
        packing.numbers.clear();
        packing.offsets.clear();
        packing.body.clear();
    }

    // MARK: Reading cairo's file

    std::string input;
    size_t position = 0;
    /// Where the bytes start that arrived after reading last stopped for want of more.
    size_t waitFrom = 0;
    bool finished = false;

    /// Handles the next complete object (or the trailer) in `input`; false when more bytes are needed.
    bool step() {
        char const *const base = input.data();
        char const *const end = base + input.size();
        char const *p = base + position;
        Scan scan = skipSpace(p, end);
        if (scan != Scan::done) return false;
        if (isKeyword(p, end, "xref") || isKeyword(p, end, "trailer") || isKeyword(p, end, "startxref")) {
            return readTrailer(p, end);
        }
        uint64_t number = 0;
        uint64_t generation = 0;
        if ((scan = readInteger(p, end, number)) != Scan::done) return malformedUnless(scan);
        if ((scan = skipSpace(p, end)) != Scan::done) return false;
        if ((scan = readInteger(p, end, generation)) != Scan::done) return malformedUnless(scan);
        if ((scan = skipSpace(p, end)) != Scan::done) return false;
        if (end - p < 4) return false;
        if (!isKeyword(p, end, "obj")) throw std::runtime_error("cairo's PDF has an object without `obj`");
        p += 3;
        if ((scan = skipSpace(p, end)) != Scan::done) return false;
        char const *body = p;
        if ((scan = skipObject(p, end)) != Scan::done) return malformedUnless(scan);
        char const *bodyEnd = p;
        if ((scan = skipSpace(p, end)) != Scan::done) return false;
        if (isKeyword(p, end, "stream")) return readStream(uint32_t(number), body, bodyEnd, p + 6, end);
        if (end - p < 6) return false;
        if (!isKeyword(p, end, "endobj")) throw std::runtime_error("cairo's PDF has an object without `endobj`");
        position = size_t(p + 6 - base);
        handleObject(uint32_t(number), body, bodyEnd);
        return true;
    }

    static bool malformedUnless(Scan scan) {
        if (scan == Scan::malformed) throw std::runtime_error("cairo's PDF could not be read");
        return false;
    }

    /// Lengths of streams cairo gave as references, written by cairo after the stream: not copied.
    std::unordered_set<uint32_t> lengthObjects;

    bool readStream(uint32_t number, char const *body, char const *bodyEnd, char const *p, char const *end) {
        if (p < end && *p == '\r') ++p;
        if (p >= end) return false;
        if (*p != '\n') throw std::runtime_error("cairo's PDF has a stream without an end of line");
        ++p;
        char const *data = p;
        std::vector<DictEntry> const entries = dictEntries(body, bodyEnd);
        std::string const length = entryValue(entries, "/Length");
        uint32_t const lengthReference = referenceNumber(length);
        size_t dataLength = 0;
        char const *after = nullptr;
        if (lengthReference == 0) {
            dataLength = std::strtoull(length.c_str(), nullptr, 10);
            if (size_t(end - data) < dataLength + 9) return false;
            after = data + dataLength;
            while (after < end && isPDFSpace(*after)) ++after;
            if (!isKeyword(after, end, "endstream")) throw std::runtime_error("a stream's /Length is wrong");
            after += 9;
        } else {
            // Cairo writes the length after the stream as its own object: the stream ends at the first
            // `endstream` followed by that object with a length that reaches it (the data may contain the word).
            char const *search = data;
            while (true) {
                char const *found = static_cast<char const *>(memmem(search, size_t(end - search), "endstream", 9));
                if (found == nullptr) return false;
                char const *q = found + 9;
                if (skipSpace(q, end) != Scan::done || end - q < 6) return false;
                if (isKeyword(q, end, "endobj")) {
                    q += 6;
                    uint64_t following = 0;
                    uint64_t generation = 0;
                    uint64_t value = 0;
                    if (skipSpace(q, end) != Scan::done) return false;
                    Scan scan = readInteger(q, end, following);
                    if (scan == Scan::needMore) return false;
                    if (scan == Scan::done && following == lengthReference) {
                        if (skipSpace(q, end) != Scan::done || readInteger(q, end, generation) != Scan::done) return false;
                        if (skipSpace(q, end) != Scan::done || end - q < 4) return false;
                        if (isKeyword(q, end, "obj")) {
                            q += 3;
                            if (skipSpace(q, end) != Scan::done || readInteger(q, end, value) != Scan::done) return false;
                            // Only an end of line may lie between the data and `endstream`.
                            char const *dataEnd = data + value;
                            bool fits = value <= uint64_t(found - data);
                            for (char const *r = dataEnd; fits && r < found; ++r) fits = *r == '\n' || *r == '\r';
                            if (fits && found - dataEnd <= 2) {
                                dataLength = size_t(value);
                                after = found + 9;
                                break;
                            }
                        }
                    }
                }
                search = found + 9;
            }
            lengthObjects.insert(lengthReference);
        }
        char const *q = after;
        if (skipSpace(q, end) != Scan::done || end - q < 6) return false;
        if (!isKeyword(q, end, "endobj")) throw std::runtime_error("cairo's PDF has a stream without `endobj`");
        position = size_t(q + 6 - input.data());
        handleStream(number, entries, data, dataLength);
        return true;
    }

    // MARK: Cairo's objects

    std::vector<HeldStream> held;
    /// The dictionary entries of cairo's name dictionary (with /Dests), for a catalog that adds /EmbeddedFiles.
    std::unordered_map<uint32_t, std::string> nameDictionaries;

    void handleStream(uint32_t number, std::vector<DictEntry> const &entries, char const *data, size_t length) {
        std::string dictionary;
        bool plainFlate = true;
        for (auto const &entry : entries) {
            if (entry.key == "/Length") continue;
            std::string value(entry.value, size_t(entry.valueEnd - entry.value));
            if (entry.key == "/Filter") {
                if (value != "/FlateDecode") plainFlate = false;
            } else {
                plainFlate = false;
            }
            if (archival && entry.key == "/Interpolate") value = "false";
            dictionary += " " + entry.key + " " + renumbered(value);
        }
        if (tagged && plainFlate) {
            // Perhaps a page's content: kept until the page dictionary says which stream that is.
            held.push_back({number, std::move(dictionary), std::string(data, length)});
            return;
        }
        writeStream(map(number), dictionary, data, length);
    }

    void flushHeld() {
        for (auto const &stream : held) writeStream(map(stream.number), stream.dictionary, stream.data);
        held.clear();
    }

    void handleObject(uint32_t number, char const *begin, char const *end) {
        if (lengthObjects.erase(number) > 0) return;  // a stream length, written directly instead
        if (end - begin < 2 || begin[0] != '<' || begin[1] != '<') {
            writeObject(map(number), renumbered(begin, end));
            return;
        }
        if (!needsReading(begin, end)) {
            writeObject(map(number), renumbered(begin, end));
            return;
        }
        std::vector<DictEntry> const entries = dictEntries(begin, end);
        std::string const type = entryValue(entries, "/Type");
        if (type == "/Page") return handlePage(number, entries);
        if (type == "/Catalog") return handleCatalog(number, entries);
        if (!info.empty() && type.empty() && !entryValue(entries, "/Producer").empty()) {
            cairoInfo = number;
            return;  // cairo's document information, replaced by ours
        }
        std::string extra;
        if (!entryValue(entries, "/Dests").empty() && type.empty()) {
            nameDictionaries[number] = rewritten(entries, {}, "");
        }
        if (archival && type == "/Annot" && entryValue(entries, "/F").empty()) extra += " /F 4";
        if (archival && entryValue(entries, "/Subtype") == "/CIDFontType2" && entryValue(entries, "/CIDToGIDMap").empty()) {
            extra += " /CIDToGIDMap /Identity";
        }
        writeObject(map(number), "<<" + rewritten(entries, {}, extra) + " >>");
    }

    /// Whether the dictionary in `begin`…`end` may be one this pass changes (a page, the catalog, the
    /// information, names, and for PDF/A annotations and CID fonts); most of cairo's objects are only copied.
    bool needsReading(char const *begin, char const *end) const {
        size_t const length = size_t(end - begin);
        auto has = [&](char const *text) { return memmem(begin, length, text, std::strlen(text)) != nullptr; };
        if (has("/Page") || has("/Catalog")) return true;
        if (!info.empty() && has("/Producer")) return true;
        if (hasAttachment && has("/Dests")) return true;
        return archival && (has("/Annot") || has("/CIDFontType2"));
    }

    /// The entries renumbered, those named in `dropped` left out, then `extra`.
    std::string rewritten(std::vector<DictEntry> const &entries, std::vector<std::string> const &dropped,
                          std::string const &extra) {
        std::string out;
        for (auto const &entry : entries) {
            bool drop = false;
            for (auto const &key : dropped) drop = drop || entry.key == key;
            if (drop) continue;
            out += " " + entry.key + " ";
            copyRenumbered(entry.value, entry.valueEnd, out, mapper);
        }
        return out + extra;
    }

    // MARK: Pages

    std::deque<PageRecord> pages;
    PageRecord current;
    uint32_t nextKey = 0;
    /// The parent tree: each key (a page's /StructParents, an annotation's /StructParent) and its value.
    std::vector<std::pair<uint32_t, uint32_t>> parentTree;

    void handlePage(uint32_t number, std::vector<DictEntry> const &entries) {
        uint32_t const page = map(number);
        PageRecord record;
        if (!pages.empty()) {
            record = std::move(pages.front());
            pages.pop_front();
        }
        std::vector<uint32_t> const contentOwners =
            writeMarkedContents(referenceNumber(entryValue(entries, "/Contents")), record, page);
        flushHeld();
        std::string extra;
        if (tagged) {
            extra += " /Tabs /S";
            if (!contentOwners.empty()) extra += " /StructParents " + std::to_string(addParentTreeArray(contentOwners));
        }
        std::string annotations = writeLinks(record, page);
        if (signature.capacity > 0 && pagesFinished == 0) annotations += writeSignatureField(page);
        std::vector<std::string> dropped;
        if (!annotations.empty()) {
            std::string const existing = entryValue(entries, "/Annots");
            if (!existing.empty() && existing[0] == '[') {
                std::string merged;
                copyRenumbered(existing.data() + 1, existing.data() + existing.size() - 1, merged, mapper);
                annotations = merged + " " + annotations;
            }
            dropped.push_back("/Annots");
            extra += " /Annots [" + annotations + "]";
        }
        if (tagged) {
            dropped.push_back("/Tabs");
            dropped.push_back("/StructParents");
        }
        writeObject(page, "<<" + rewritten(entries, dropped, extra) + " >>");
        ++pagesFinished;
        writeClosedElements();
    }

    /// Writes the held content stream `contents` of page `page` with its markers turned into marked
    /// content (and insertions, artifacts, joined text); returns the element of each MCID it gave.
    std::vector<uint32_t> writeMarkedContents(uint32_t contents, PageRecord const &record, uint32_t page) {
        std::vector<uint32_t> contentOwners;
        for (auto stream = held.begin(); stream != held.end(); ++stream) {
            if (stream->number != contents) continue;
            std::string const decoded = inflated(stream->data.data(), stream->data.size());
            MarkerOpening opening = [&](int ordinal) -> std::string {
                if (ordinal < 0 || size_t(ordinal) >= record.markers.size()) {
                    throw std::runtime_error("a page has a marker the renderer did not record");
                }
                auto found = elements.find(record.markers[size_t(ordinal)]);
                if (found == elements.end()) throw std::runtime_error("a marker names a finished element");
                uint32_t const mcid = uint32_t(contentOwners.size());
                contentOwners.push_back(found->second.object);
                found->second.kids.push_back({Kid::content, 0, page, mcid});
                return "/" + found->second.type + " <</MCID " + std::to_string(mcid) + ">> BDC";
            };
            MarkerInsertion insertion = [&](int ordinal) -> std::string {
                if (ordinal < 0 || size_t(ordinal) >= record.insertions.size()) {
                    throw std::runtime_error("a page has an insertion marker the renderer did not record");
                }
                return record.insertions[size_t(ordinal)];
            };
            std::string const marked = joinTextObjects(markContent(decoded, opening, insertion));
            // Level 6, as cairo's own: joined text leaves less to compress, and level 1 left a tagged
            // table's content a quarter larger.
            writeStream(map(stream->number), " /Filter /FlateDecode", deflated(marked));
            held.erase(stream);
            break;
        }
        return contentOwners;
    }

    /// Packs a page's parent-tree array (the element of each of its MCIDs) and returns its key.
    uint32_t addParentTreeArray(std::vector<uint32_t> const &contentOwners) {
        uint32_t const key = nextKey++;
        uint32_t const array = allocate();
        std::string text = "[";
        for (uint32_t owner : contentOwners) text += std::to_string(owner) + " 0 R ";
        text += "]";
        pack(array, text);
        parentTree.push_back({key, array});
        return key;
    }

    /// Packs a link annotation for each of the page's links (tagged: in its Link element and the parent
    /// tree); returns their references.
    std::string writeLinks(PageRecord const &record, uint32_t page) {
        std::string annotations;
        for (auto const &link : record.links) {
            uint32_t const annotation = allocate();
            annotations += std::to_string(annotation) + " 0 R ";
            char rect[160];
            std::snprintf(rect, sizeof rect, "[%.2f %.2f %.2f %.2f]", link.rect[0], link.rect[1], link.rect[2], link.rect[3]);
            std::string text = "<< /Type /Annot /Subtype /Link /Rect " + std::string(rect) + " /Border [0 0 0] /F 4 /P " +
                               std::to_string(page) + " 0 R";
            if (!link.uri.empty()) {
                text += " /A << /S /URI /URI " + textString(link.uri) + " >> /Contents " + textString(link.uri);
            } else {
                text += " /Dest " + textString(link.destination) + " /Contents (Link within this document)";
            }
            auto owner = elements.find(link.element);
            if (tagged && owner != elements.end()) {
                uint32_t const key = nextKey++;
                parentTree.push_back({key, owner->second.object});
                owner->second.kids.push_back({Kid::annotation, annotation, page, 0});
                text += " /StructParent " + std::to_string(key);
            }
            pack(annotation, text + " >>");
        }
        return annotations;
    }

    // MARK: Structure

    bool tagged = false;
    std::string language;
    uint32_t structTreeRoot = 0;
    uint32_t documentObject = 0;
    std::unordered_map<int32_t, Element> elements;  // open, or closed and not written yet
    /// Closed elements not written yet, with the page the renderer was drawing when it closed them.
    std::vector<std::pair<int32_t, uint32_t>> closedElements;
    int32_t nextElement = 1;
    uint32_t pagesEnded = 0;     // pages the renderer ended
    uint32_t pagesFinished = 0;  // pages whose dictionary went through

    /// Writes the closed elements whose content is all known: those closed on pages already finished.
    ///
    /// Cairo may write a page's dictionary only once the renderer has drawn the next page, so an
    /// element closed on that next page waits for it.
    void writeClosedElements(bool all = false) {
        size_t kept = 0;
        for (auto const &entry : closedElements) {
            if (!all && entry.second >= pagesFinished) {
                closedElements[kept++] = entry;
                continue;
            }
            auto found = elements.find(entry.first);
            if (found == elements.end()) continue;
            writeElement(found->second);
            elements.erase(found);
        }
        closedElements.resize(kept);
    }

    /// The text of the element being written, reused (no allocation per element once warm).
    std::string elementText;

    void writeElement(Element const &element) {
        uint32_t page = 0;
        for (auto const &kid : element.kids) {
            if (kid.kind != Kid::element) {
                page = kid.page;
                break;
            }
        }
        // Written tight (no /Type, which is optional, no spaces around delimiters): a table has one
        // element per cell, and these bytes are most of a tagged table's cost.
        std::string &text = elementText;
        text.assign("<</S/");
        text += element.type;
        text += "/P ";
        appendReference(text, element.parentObject);
        if (page != 0) {
            text += "/Pg ";
            appendReference(text, page);
        }
        if (!element.kids.empty()) {
            text += "/K";
            Kid const &first = element.kids[0];
            bool const number = first.kind == Kid::element || (first.kind == Kid::content && first.page == page);
            if (element.kids.size() == 1 && number) text += ' ';
            if (element.kids.size() > 1) text += '[';
            for (auto const &kid : element.kids) {
                switch (kid.kind) {
                case Kid::element:
                    appendReference(text, kid.object);
                    break;
                case Kid::content:
                    if (kid.page == page) {
                        appendNumber(text, kid.mcid);
                    } else {
                        text += "<</Type/MCR/Pg ";
                        appendReference(text, kid.page);
                        text += "/MCID ";
                        appendNumber(text, kid.mcid);
                        text += ">>";
                    }
                    break;
                case Kid::annotation:
                    text += "<</Type/OBJR/Obj ";
                    appendReference(text, kid.object);
                    text += "/Pg ";
                    appendReference(text, kid.page);
                    text += ">>";
                    break;
                }
                text += ' ';
            }
            text.pop_back();
            if (element.kids.size() > 1) text += ']';
        }
        if (element.type == "Figure") text += "/Alt" + textString(element.alt);
        if (!element.scope.empty()) text += "/A<</O/Table/Scope/" + element.scope + ">>";
        text += ">>";
        pack(element.object, text);
    }

    // MARK: The signature

    struct {
        size_t capacity = 0;  // 0: no signature
        std::string name, description, date;
        uint32_t field = 0;  // the signature field, merged with its widget
        uint32_t value = 0;  // the signature dictionary
        uint32_t form = 0;   // the Form element (tagged)
        uint32_t page = 0;   // the page of the widget
        ig_signature_slot slot{};
        bool written = false;
    } signature;

    /// Packs the signature field with its invisible widget on `page` (tagged: in the parent tree); returns its reference.
    std::string writeSignatureField(uint32_t page) {
        signature.page = page;
        // Zero-sized, printed (/F 4) and locked (128), with an empty appearance: PDF/A-1 asks every
        // widget for one, and PDF/A forbids hiding an annotation.
        uint32_t const appearance = allocate();
        writeStream(appearance, " /Type /XObject /Subtype /Form /BBox [0 0 0 0]", std::string_view());
        std::string text = "<< /Type /Annot /Subtype /Widget /FT /Sig /T " + textString(signature.name) + " /TU " +
                           textString(signature.description) + " /V " + std::to_string(signature.value) +
                           " 0 R /Rect [0 0 0 0] /F 132 /AP << /N " + std::to_string(appearance) + " 0 R >> /P " +
                           std::to_string(page) + " 0 R";
        if (tagged) {
            uint32_t const key = nextKey++;
            parentTree.push_back({key, signature.form});
            text += " /StructParent " + std::to_string(key);
        }
        pack(signature.field, text + " >>");
        return std::to_string(signature.field) + " 0 R ";
    }

    /// Writes the signature dictionary uncompressed, its /ByteRange and /Contents placeholders recorded in the slot.
    void writeSignatureDictionary() {
        xref[signature.value] = output.offset + 1;
        emit(std::to_string(signature.value) +
             " 0 obj\n<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /M " +
             textString(signature.date) + " /ByteRange ");
        // Four ten-digit numbers: the real range is written over them once the file is complete. A
        // rewrite (libqpdf's encryption) keeps the digits, so the placeholder can be found again there.
        std::string const range = "[0 9999999999 9999999999 9999999999]";
        signature.slot.byte_range = output.offset;
        signature.slot.byte_range_width = range.size();
        emit(range);
        emit(" /Contents ");
        std::string const contents = "<" + std::string(signature.capacity * 2, '0') + ">";
        signature.slot.contents = output.offset;
        signature.slot.contents_width = contents.size();
        emit(contents);
        emit(" >>\nendobj\n");
        signature.written = true;
    }

    // MARK: The end of the document

    bool archival = false;
    std::string xmp;
    std::string info;
    std::string icc;
    struct {
        std::string name, mime, description, relationship, date, data;
    } attachment;
    bool hasAttachment = false;
    bool sawCatalog = false;  // cairo writes its catalog last, then the cross-reference table and trailer
    uint32_t cairoInfo = 0;
    uint32_t ourInfo = 0;

    void handleCatalog(uint32_t number, std::vector<DictEntry> const &entries) {
        sawCatalog = true;
        flushHeld();
        std::string extra;
        std::vector<std::string> dropped;
        if (tagged) {
            extra += finishStructureTree();
            for (char const *key : {"/StructTreeRoot", "/MarkInfo", "/Lang", "/ViewerPreferences"}) dropped.push_back(key);
        }
        if (!xmp.empty()) {
            uint32_t const metadata = allocate();
            writeStream(metadata, " /Type /Metadata /Subtype /XML", xmp);
            extra += " /Metadata " + std::to_string(metadata) + " 0 R";
            dropped.push_back("/Metadata");
        }
        if (archival) {
            uint32_t const profile = allocate();
            writeStream(profile, " /N 3 /Filter /FlateDecode", icc);
            extra += " /OutputIntents [<< /Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier "
                     "(sRGB IEC61966-2.1) /RegistryName (http://www.color.org) /Info (sRGB IEC61966-2.1) "
                     "/DestOutputProfile " +
                     std::to_string(profile) + " 0 R >>]";
            dropped.push_back("/OutputIntents");
        }
        if (hasAttachment) {
            extra += writeAttachment(entries);
            dropped.push_back("/Names");
            dropped.push_back("/AF");
        }
        if (signature.capacity > 0) {
            if (signature.page == 0) throw std::runtime_error("the PDF to sign has no page");
            writeSignatureDictionary();
            extra += " /AcroForm << /Fields [" + std::to_string(signature.field) + " 0 R] /SigFlags 3 >>";
            dropped.push_back("/AcroForm");
        }
        flushPacking();
        writeObject(map(number), "<<" + rewritten(entries, dropped, extra) + " >>");
        if (!info.empty()) {
            ourInfo = allocate();
            writeObject(ourInfo, "<< " + info + " >>");
        }
    }

    /// Closes every element still open, writes them, the parent tree and the structure tree root;
    /// returns the catalog's entries for a tagged file.
    std::string finishStructureTree() {
        for (auto &entry : elements) {
            if (!entry.second.closed) {
                entry.second.closed = true;
                if (entry.first != 0) closedElements.push_back({entry.first, pagesEnded});
            }
        }
        writeClosedElements(true);
        auto document = elements.find(0);
        if (document != elements.end() && signature.form != 0 && signature.page != 0) {
            // The invisible signature widget, last in reading order, as PDF/UA asks of every widget.
            Element form;
            form.type = "Form";
            form.object = signature.form;
            form.parentObject = documentObject;
            form.kids.push_back({Kid::annotation, signature.field, signature.page, 0});
            writeElement(form);
            document->second.kids.push_back({Kid::element, signature.form, 0, 0});
        }
        if (document != elements.end()) {
            writeElement(document->second);
            elements.erase(document);
        }
        uint32_t const tree = allocate();
        std::string nums = "<< /Nums [";
        for (auto const &entry : parentTree) {
            nums += std::to_string(entry.first) + " " + std::to_string(entry.second) + " 0 R ";
        }
        pack(tree, nums + "] >>");
        pack(structTreeRoot, "<< /Type /StructTreeRoot /K " + std::to_string(documentObject) +
                                 " 0 R /ParentTree " + std::to_string(tree) + " 0 R /ParentTreeNextKey " +
                                 std::to_string(nextKey) + " >>");
        std::string extra = " /StructTreeRoot " + std::to_string(structTreeRoot) + " 0 R /MarkInfo << /Marked true >>";
        extra += " /Lang " + textString(language) + " /ViewerPreferences << /DisplayDocTitle true >>";
        return extra;
    }

    /// Writes the attached file and its file specification; returns the catalog's /Names (with the
    /// catalog's own names kept) and /AF entries.
    std::string writeAttachment(std::vector<DictEntry> const &entries) {
        uint32_t const file = allocate();
        std::string mime;
        for (char c : attachment.mime) mime += c == '/' ? std::string("#2F") : std::string(1, c);
        // Compressed, as PDF/A-3 allows: an e-invoice's XML shrinks to a fifth.
        writeStream(file,
                    " /Type /EmbeddedFile /Subtype /" + mime + " /Params << /ModDate " + textString(attachment.date) +
                        " /Size " + std::to_string(attachment.data.size()) + " >> /Filter /FlateDecode",
                    deflated(attachment.data));
        uint32_t const specification = allocate();
        pack(specification, "<< /Type /Filespec /F " + textString(attachment.name) + " /UF " +
                                textString(attachment.name) + " /Desc " + textString(attachment.description) +
                                " /AFRelationship /" + attachment.relationship + " /EF << /F " +
                                std::to_string(file) + " 0 R /UF " + std::to_string(file) + " 0 R >> >>");
        std::string names = "/EmbeddedFiles << /Names [" + textString(attachment.name) + " " +
                            std::to_string(specification) + " 0 R] >>";
        std::string const existing = entryValue(entries, "/Names");
        uint32_t const existingReference = referenceNumber(existing);
        if (existingReference != 0 && nameDictionaries.count(existingReference) > 0) {
            names += nameDictionaries[existingReference];
        } else if (!existing.empty() && existing[0] == '<') {
            std::vector<DictEntry> const inner = dictEntries(existing.data(), existing.data() + existing.size());
            names += rewritten(inner, {"/EmbeddedFiles"}, "");
        }
        return " /Names << " + names + " >> /AF [" + std::to_string(specification) + " 0 R]";
    }

    /// Reads cairo's cross-reference table and trailer (keeping /Root and /Info), then ends our file.
    bool readTrailer(char const *p, char const *end) {
        char const *found = static_cast<char const *>(memmem(p, size_t(end - p), "%%EOF", 5));
        if (found == nullptr) return false;
        char const *trailer = static_cast<char const *>(memmem(p, size_t(found - p), "trailer", 7));
        if (trailer == nullptr) throw std::runtime_error("cairo's PDF has no trailer");
        char const *dictionary = trailer + 7;
        skipSpace(dictionary, found);
        char const *dictionaryEnd = dictionary;
        if (skipObject(dictionaryEnd, found) != Scan::done) throw std::runtime_error("cairo's trailer is malformed");
        std::vector<DictEntry> const entries = dictEntries(dictionary, dictionaryEnd);
        uint32_t const root = referenceNumber(entryValue(entries, "/Root"));
        uint32_t const cairoInfoReference = referenceNumber(entryValue(entries, "/Info"));
        if (root == 0) throw std::runtime_error("cairo's trailer has no /Root");
        position = size_t(found + 5 - input.data());
        flushHeld();
        flushPacking();
        uint32_t infoNumber = ourInfo;
        if (infoNumber == 0 && cairoInfoReference != 0 && cairoInfoReference != cairoInfo) infoNumber = map(cairoInfoReference);
        writeCrossReference(map(root), infoNumber);
        finished = true;
        return true;
    }

    /// Writes every object still owed (referenced, never written) as null, then the cross-reference stream and trailer.
    void writeCrossReference(uint32_t root, uint32_t infoNumber) {
        for (uint32_t number = 1; number < xref.size(); ++number) {
            if (xref[number] == 0) writeObject(number, "null");
        }
        char identifier[40];
        // Deterministic: the same document gives the same /ID (a CRC of every byte and the length).
        std::snprintf(identifier, sizeof identifier, "%08lX%08lX%016llX", output.crc & 0xFFFFFFFFul,
                      static_cast<unsigned long>(xref.size()), static_cast<unsigned long long>(output.offset));
        std::string const id = " /ID [<" + std::string(identifier) + "> <" + std::string(identifier) + ">]";
        // A cross-reference stream is an object itself: counted in /Size.
        uint32_t const self = archival ? 0 : allocate();
        std::string trailer = " /Size " + std::to_string(xref.size()) + " /Root " + std::to_string(root) + " 0 R";
        if (infoNumber != 0) trailer += " /Info " + std::to_string(infoNumber) + " 0 R";
        if (archival) return writeCrossReferenceTable(trailer + id);
        xref[self] = output.offset + 1;
        int offsetBytes = 1;
        std::string const compressed = crossReferenceRows(offsetBytes);
        int const columns = 1 + offsetBytes + 2;
        uint64_t const start = output.offset;
        std::string const dictionary = " /Type /XRef /W [1 " + std::to_string(offsetBytes) + " 2]" + trailer + id +
                                       " /Filter /FlateDecode /DecodeParms << /Columns " + std::to_string(columns) +
                                       " /Predictor 12 >>";
        emit(std::to_string(self) + " 0 obj\n<<" + dictionary + " /Length " + std::to_string(compressed.size()) + " >>\nstream\n");
        emit(compressed);
        emit("\nendstream\nendobj\nstartxref\n" + std::to_string(start) + "\n%%EOF\n");
    }

    /// Ends a PDF/A file with a classic cross-reference table and `trailer`'s entries.
    void writeCrossReferenceTable(std::string const &trailer) {
        uint64_t const start = output.offset;
        emit("xref\n0 " + std::to_string(xref.size()) + "\n0000000000 65535 f \n");
        std::string table;
        char line[32];
        for (uint32_t number = 1; number < xref.size(); ++number) {
            std::snprintf(line, sizeof line, "%010llu 00000 n \n", static_cast<unsigned long long>(xref[number] - 1));
            table += line;
            if (table.size() >= (1 << 16)) {
                emit(table);
                table.clear();
            }
        }
        emit(table + "trailer\n<<" + trailer + " >>\nstartxref\n" + std::to_string(start) + "\n%%EOF\n");
    }

    /// The cross-reference stream's rows, compressed: each entry in `offsetBytes` (set here, the
    /// narrowest that fits) and two more, PNG-Up predicted.
    std::string crossReferenceRows(int &offsetBytes) {
        // The entries are compressed 64 KiB at a time: a million objects never need their 8 MB at once.
        z_stream stream{};
        if (deflateInit(&stream, 6) != Z_OK) throw std::runtime_error("zlib could not start");
        std::string compressed;
        std::string table;
        char chunk[1 << 14];
        auto compress = [&](int flush) {
            stream.next_in = reinterpret_cast<Bytef *>(&table[0]);
            stream.avail_in = uInt(table.size());
            int status = Z_OK;
            do {
                stream.next_out = reinterpret_cast<Bytef *>(chunk);
                stream.avail_out = sizeof chunk;
                status = deflate(&stream, flush);
                compressed.append(chunk, sizeof chunk - stream.avail_out);
            } while (stream.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END));
            table.clear();
        };
        // The narrowest widths that hold every field, and each row written as its difference from the
        // row before (PNG's Up predictor): neighbouring entries differ in a byte or two, so most bytes are 0.
        uint64_t widest = 0;
        for (uint32_t number = 1; number < xref.size(); ++number) {
            uint64_t const entry = xref[number];
            widest = std::max<uint64_t>(widest, entry >> 63 ? (entry >> 20) & 0x7FFFFFFFFFFull : entry - 1);
        }
        while (offsetBytes < 8 && (widest >> (8 * offsetBytes)) != 0) ++offsetBytes;
        int const columns = 1 + offsetBytes + 2;
        std::string row(size_t(columns), '\0');
        std::string previous(size_t(columns), '\0');
        auto put = [&row](size_t at, uint64_t value, int bytes) {
            for (int index = 0; index < bytes; ++index) row[at + size_t(index)] = char((value >> (8 * (bytes - 1 - index))) & 0xFF);
        };
        for (uint32_t number = 0; number < xref.size(); ++number) {
            uint64_t const entry = xref[number];
            if (number == 0) {
                put(0, 0, 1), put(1, 0, offsetBytes), put(size_t(1 + offsetBytes), 0xFFFF, 2);
            } else if (entry >> 63) {
                put(0, 2, 1), put(1, (entry >> 20) & 0x7FFFFFFFFFFull, offsetBytes), put(size_t(1 + offsetBytes), entry & 0xFFFFF, 2);
            } else {
                put(0, 1, 1), put(1, entry - 1, offsetBytes), put(size_t(1 + offsetBytes), 0, 2);
            }
            table += char(2);  // PNG filter type Up
            for (int index = 0; index < columns; ++index) table += char(row[size_t(index)] - previous[size_t(index)]);
            previous.swap(row);
            if (table.size() >= (1 << 16)) compress(Z_NO_FLUSH);
        }
        compress(Z_FINISH);
        deflateEnd(&stream);
        return compressed;
    }
};

}  // namespace
}  // namespace invoicegen

struct ig_finisher {
    invoicegen::Finisher *finisher = nullptr;
    std::string error;
};

namespace {

/// Runs `work`, keeping the first failure's message; false once anything failed.
template <typename Work>
bool guarded(ig_finisher *handle, Work work) {
    if (handle == nullptr || !handle->error.empty()) return false;
    try {
        work();
        return true;
    } catch (std::exception const &e) {
        handle->error = e.what();
        if (handle->error.empty()) handle->error = "unknown error";
        return false;
    }
}

}  // namespace

extern "C" ig_finisher *ig_finisher_new(const ig_finisher_options *options, ig_finisher_write_fn write, void *context) {
    auto *handle = new ig_finisher();
    guarded(handle, [&] { handle->finisher = new invoicegen::Finisher(*options, write, context); });
    return handle;
}

extern "C" void ig_finisher_free(ig_finisher *handle) {
    if (handle == nullptr) return;
    delete handle->finisher;
    delete handle;
}

extern "C" int ig_finisher_take(ig_finisher *handle, const unsigned char *bytes, size_t length) {
    return guarded(handle, [&] { handle->finisher->take(bytes, length); }) ? 0 : -1;
}

extern "C" int32_t ig_finisher_open(ig_finisher *handle, const char *type, int32_t parent, const char *alt,
                                    const char *scope) {
    int32_t index = -1;
    guarded(handle, [&] { index = handle->finisher->open(type, parent, alt, scope); });
    return index;
}

extern "C" void ig_finisher_close(ig_finisher *handle, int32_t element) {
    guarded(handle, [&] { handle->finisher->close(element); });
}

extern "C" void ig_finisher_mark(ig_finisher *handle, int32_t element) {
    guarded(handle, [&] { handle->finisher->mark(element); });
}

extern "C" int32_t ig_finisher_insert(ig_finisher *handle, const char *operators, size_t length) {
    int32_t ordinal = -1;
    guarded(handle, [&] { ordinal = handle->finisher->insert(std::string(operators, length)); });
    return ordinal;
}

extern "C" void ig_finisher_link(ig_finisher *handle, int32_t element, double x0, double y0, double x1, double y1,
                                 const char *uri, const char *destination) {
    guarded(handle, [&] {
        handle->finisher->link({element, {x0, y0, x1, y1}, uri ? uri : "", destination ? destination : ""});
    });
}

extern "C" void ig_finisher_end_page(ig_finisher *handle) {
    guarded(handle, [&] { handle->finisher->endPage(); });
}

extern "C" int ig_finisher_finish(ig_finisher *handle) {
    return guarded(handle, [&] { handle->finisher->finish(); }) ? 0 : -1;
}

extern "C" int ig_finisher_signature_slot(ig_finisher *handle, ig_signature_slot *slot) {
    bool found = false;
    guarded(handle, [&] { found = handle->finisher->signatureSlot(*slot); });
    return found ? 0 : -1;
}

extern "C" const char *ig_finisher_error(ig_finisher *handle) {
    return handle == nullptr || handle->error.empty() ? nullptr : handle->error.c_str();
}

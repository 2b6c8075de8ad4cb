import FocusModels

/// RFC 4180 CSV reading: quoted fields may hold commas, doubled quotes, CR and LF.
public enum CSV {
    public struct Failure: Error, Equatable, Sendable {
        public let reason: Message
    }

    /// Rows of fields. Rows end at CR LF or LF outside quotes; a final line end is optional.
    public static func parse(_ text: String) throws(Failure) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var inQuotes = false
        var wasQuoted = false
        var scalars = Array(text.unicodeScalars)[...]
        var line = 1
        while let c = scalars.popFirst() {
            if inQuotes {
                if c == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                guard field.isEmpty, !wasQuoted else {
                    throw Failure(reason: "line \(line): a quote inside an unquoted field")
                }
                inQuotes = true
                wasQuoted = true
            case ",":
                row.append(field)
                field = ""
                wasQuoted = false
            // CR LF ends a row as LF does (RFC 4180), and a CR that ends the text is its last line end.
            case "\r" where scalars.first == "\n" || scalars.isEmpty:
                break
            case "\n":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                wasQuoted = false
                line += 1
            default:
                guard !wasQuoted else { throw Failure(reason: "line \(line): text after a closing quote") }
                field.unicodeScalars.append(c)
            }
        }
        guard !inQuotes else { throw Failure(reason: "line \(line): a quoted field is never closed") }
        if !field.isEmpty || !row.isEmpty || wasQuoted {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}

import Foundation
import InvoiceGenCLI

exit(InvoiceGenCLI.main(Array(CommandLine.arguments.dropFirst()), keepsWhatItRead: true))

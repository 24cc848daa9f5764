// The bake cache's HTTP requests through WinHTTP, part of every Windows: http and https (the
// system's certificate store), the system's proxy settings, no redirects followed.
#include <algorithm>
#include <string>

#include "cache/http_transport.hpp"
#include "io/windows_files.hpp"

#include <winhttp.h>

namespace aem::pipeline {
namespace {

// As the libcurl client: a server that does not answer is given up quickly (a down server is a
// warning, not a wait); one that answers may take its time over a large blob. (WinHTTP's limits
// are per step, not for the whole transfer.)
constexpr int kConnectTimeoutMs = 5 * 1000;
constexpr int kTransferTimeoutMs = 300 * 1000;

struct InternetHandle {
  HINTERNET h = nullptr;
  ~InternetHandle() {
    if (h) ::WinHttpCloseHandle(h);
  }
};

std::wstring wide(const std::string& utf8) {
  const int n = ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), nullptr, 0);
  std::wstring out(std::size_t(std::max(n, 0)), L'\0');
  if (n > 0) ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), out.data(), n);
  return out;
}

// Our words for the failures a cache client meets most (Wine's winhttp.dll has no message table).
const char* common_error_text(DWORD error) {
  switch (error) {
    case ERROR_WINHTTP_TIMEOUT: return "the server did not answer in time";
    case ERROR_WINHTTP_NAME_NOT_RESOLVED: return "the server's name could not be resolved";
    case ERROR_WINHTTP_CANNOT_CONNECT: return "could not connect to the server";
    case ERROR_WINHTTP_CONNECTION_ERROR: return "the connection was reset or closed";
    case ERROR_WINHTTP_INVALID_SERVER_RESPONSE: return "the server's answer was not valid HTTP";
    case ERROR_WINHTTP_SECURE_FAILURE: return "the TLS handshake or the server's certificate failed";
    default: return nullptr;
  }
}

// WinHTTP's words for its errors (its codes 12000-12199 are in winhttp.dll's message table).
std::string error_text(DWORD error) {
  if (const char* ours = common_error_text(error)) return std::string(ours) + " (WinHTTP error " + std::to_string(error) + ")";
  wchar_t* text = nullptr;
  const DWORD flags = FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_IGNORE_INSERTS |
                      (error >= 12000 && error < 12200 ? FORMAT_MESSAGE_FROM_HMODULE : FORMAT_MESSAGE_FROM_SYSTEM);
  const DWORD n = ::FormatMessageW(flags, ::GetModuleHandleW(L"winhttp.dll"), error, 0, reinterpret_cast<wchar_t*>(&text), 0, nullptr);
  std::string out;
  if (n > 0) {
    const int bytes = ::WideCharToMultiByte(CP_UTF8, 0, text, int(n), nullptr, 0, nullptr, nullptr);
    out.resize(std::size_t(std::max(bytes, 0)));
    ::WideCharToMultiByte(CP_UTF8, 0, text, int(n), out.data(), bytes, nullptr, nullptr);
  }
  if (text) ::LocalFree(text);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r' || out.back() == ' ' || out.back() == '.')) out.pop_back();
  return (out.empty() ? "WinHTTP error" : out) + " (" + std::to_string(error) + ")";
}

[[noreturn]] void fail(bool started) { throw HttpFailure(error_text(::GetLastError()), started); }

DWORD status_of(HINTERNET request) {
  DWORD status = 0, size = sizeof status;
  if (!::WinHttpQueryHeaders(request, WINHTTP_QUERY_STATUS_CODE | WINHTTP_QUERY_FLAG_NUMBER, WINHTTP_HEADER_NAME_BY_INDEX,
                             &status, &size, WINHTTP_NO_HEADER_INDEX))
    fail(true);
  return status;
}

// The announced body size, where there is one.
std::uint64_t announced_size(HINTERNET request) {
  wchar_t text[32] = {};
  DWORD size = sizeof text;
  if (!::WinHttpQueryHeaders(request, WINHTTP_QUERY_CONTENT_LENGTH, WINHTTP_HEADER_NAME_BY_INDEX, text, &size,
                             WINHTTP_NO_HEADER_INDEX))
    return 0;
  return std::wcstoull(text, nullptr, 10);
}

void read_body(HINTERNET request, std::vector<std::byte>& download, std::uint64_t max_download) {
  const std::uint64_t announced = announced_size(request);
  if (announced > max_download)
    throw HttpFailure("the answer is " + std::to_string(announced) + " bytes, more than the " +
                          std::to_string(max_download) + " allowed", true);
  for (;;) {
    DWORD available = 0;
    if (!::WinHttpQueryDataAvailable(request, &available)) fail(true);
    if (available == 0) return;
    if (download.size() + available > max_download)
      throw HttpFailure("the answer is more than the " + std::to_string(max_download) + " bytes allowed", true);
    const std::size_t at = download.size();
    download.resize(at + available);
    DWORD read = 0;
    if (!::WinHttpReadData(request, download.data() + at, available, &read)) fail(true);
    download.resize(at + read);
  }
}

}  // namespace

long http_request(const std::string& method, const std::string& url, std::span<const std::byte> upload,
                  std::vector<std::byte>& download, std::uint64_t max_download) {
  std::wstring address = wide(url);
  URL_COMPONENTS parts{};
  parts.dwStructSize = sizeof parts;
  parts.dwHostNameLength = parts.dwUrlPathLength = parts.dwExtraInfoLength = DWORD(-1);
  if (!::WinHttpCrackUrl(address.c_str(), DWORD(address.size()), 0, &parts)) fail(true);
  const bool secure = parts.nScheme == INTERNET_SCHEME_HTTPS;
  if (!secure && parts.nScheme != INTERNET_SCHEME_HTTP) throw HttpFailure("not an http:// or https:// URL", true);
  const std::wstring host(parts.lpszHostName, parts.dwHostNameLength);
  const std::wstring path = std::wstring(parts.lpszUrlPath, parts.dwUrlPathLength) +
                            std::wstring(parts.lpszExtraInfo ? parts.lpszExtraInfo : L"", parts.dwExtraInfoLength);

  const InternetHandle session{::WinHttpOpen(L"aem", WINHTTP_ACCESS_TYPE_DEFAULT_PROXY, WINHTTP_NO_PROXY_NAME,
                                             WINHTTP_NO_PROXY_BYPASS, 0)};
  if (!session.h) fail(false);
  ::WinHttpSetTimeouts(session.h, kConnectTimeoutMs, kConnectTimeoutMs, kTransferTimeoutMs, kTransferTimeoutMs);
  const InternetHandle connection{::WinHttpConnect(session.h, host.c_str(), parts.nPort, 0)};
  if (!connection.h) fail(true);
  const InternetHandle request{::WinHttpOpenRequest(connection.h, wide(method).c_str(), path.c_str(), nullptr,
                                                    WINHTTP_NO_REFERER, WINHTTP_DEFAULT_ACCEPT_TYPES,
                                                    secure ? WINHTTP_FLAG_SECURE : 0)};
  if (!request.h) fail(true);
  DWORD no_redirects = WINHTTP_DISABLE_REDIRECTS;
  ::WinHttpSetOption(request.h, WINHTTP_OPTION_DISABLE_FEATURE, &no_redirects, sizeof no_redirects);
  if (upload.size() > MAXDWORD) throw HttpFailure("a body of more than 4 GB cannot be sent", true);
  void* body = upload.empty() ? WINHTTP_NO_REQUEST_DATA : const_cast<std::byte*>(upload.data());
  if (!::WinHttpSendRequest(request.h, WINHTTP_NO_ADDITIONAL_HEADERS, 0, body, DWORD(upload.size()),
                            DWORD(upload.size()), 0) ||
      !::WinHttpReceiveResponse(request.h, nullptr))
    fail(true);
  const DWORD status = status_of(request.h);
  read_body(request.h, download, max_download);
  return long(status);
}

}  // namespace aem::pipeline
